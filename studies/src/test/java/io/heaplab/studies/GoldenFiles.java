package io.heaplab.studies;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.Golden;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The studies' golden result files: a document is compared, without its machine-dependent environment, with
 * {@code src/test/resources/golden/NAME}; {@code -Dheaplab.golden.update=true} rewrites them after a deliberate
 * change of a schema.
 */
public final class GoldenFiles {

    private static final Path DIR = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("heaplab.golden.update");

    private GoldenFiles() {
    }

    /** Asserts {@code document} is the golden file {@code name}, and returns the file's path. */
    public static Path check(String name, byte[] document) throws IOException {
        String actual = Golden.withoutEnvironment(document);
        Path file = DIR.resolve(name);
        if (UPDATE) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Golden.golden("golden/" + name));
        return file;
    }

    /** Asserts {@code text}, a file of another format (CSV), is the golden file {@code name} byte for byte. */
    public static void checkText(String name, byte[] text) throws IOException {
        String actual = new String(text, StandardCharsets.UTF_8);
        if (UPDATE) {
            Files.writeString(DIR.resolve(name), actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Golden.golden("golden/" + name));
    }
}
