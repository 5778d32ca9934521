package io.heaplab.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.opentest4j.AssertionFailedError;

/**
 * A golden file: what a test wrote compared, byte for byte, with the file of that name under {@code
 * src/test/resources/golden} of the module under test; {@code -Dheaplab.golden.update=true} rewrites the file
 * instead, after a deliberate change of a format. Every module's golden tests go through this one class, so they fail
 * alike and are rewritten alike.
 */
public final class GoldenFile {

    /** The system property that rewrites the golden files instead of comparing with them. */
    public static final String UPDATE = "heaplab.golden.update";
    /** Where the golden files live, from the module's directory, which is where Maven runs its tests. */
    public static final Path DIR = Path.of("src", "test", "resources", "golden");

    private GoldenFile() {
    }

    /** Asserts that {@code actual}, in UTF-8, is the golden file {@code name} (a path under {@link #DIR}). */
    public static void assertMatches(String name, String actual) {
        assertMatches(name, actual.getBytes(StandardCharsets.UTF_8));
    }

    /** Asserts that {@code actual} is the golden file {@code name} (a path under {@link #DIR}), byte for byte. */
    public static void assertMatches(String name, byte[] actual) {
        assertMatches(DIR, Boolean.getBoolean(UPDATE), name, actual);
    }

    /** As {@link #assertMatches(String, byte[])} for a golden file kept beside its input in {@code dir}. */
    public static void assertMatchesIn(Path dir, String name, byte[] actual) {
        assertMatches(dir, Boolean.getBoolean(UPDATE), name, actual);
    }

    /** As {@link #assertMatches(String, byte[])} with the golden files in {@code dir}, rewritten if {@code update}. */
    static void assertMatches(Path dir, boolean update, String name, byte[] actual) {
        Path file = dir.resolve(name);
        try {
            if (update) {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.write(file, actual);
                return;
            }
            if (!Files.isRegularFile(file)) {
                throw new AssertionFailedError("no golden file " + file.toAbsolutePath() + " (expected: one written"
                        + " with -D" + UPDATE + "=true, run from the module's directory)");
            }
            byte[] expected = Files.readAllBytes(file);
            if (!Arrays.equals(expected, actual)) {
                // expected and actual texts too, so an IDE offers its own side-by-side diff
                String expectedText = new String(expected, StandardCharsets.UTF_8);
                String actualText = new String(actual, StandardCharsets.UTF_8);
                throw new AssertionFailedError("the output differs from the golden file " + file + " ("
                        + LineDifference.of(expectedText, actualText) + "\nIf the change is deliberate, rewrite it"
                        + " with -D" + UPDATE + "=true.", expectedText, actualText);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
