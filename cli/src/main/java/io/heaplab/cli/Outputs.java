package io.heaplab.cli;

import io.heaplab.core.files.OutputFile;
import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks made on output paths before any work starts, so a long run is never lost to a bad file name. */
final class Outputs {

    private Outputs() {
    }

    /**
     * Fails when {@code file}, the value of {@code option}, cannot be a file to write, or is one of the command's
     * {@code inputs} (by name, or through a link), which writing would destroy; null means not asked for.
     */
    static void checkFile(String option, Path file, Path... inputs) {
        if (file == null) {
            return;
        }
        checkNameLength(option, file);
        if (file.toString().isBlank() || Files.isDirectory(file)) {
            throw new SpecException(option + " '" + file + "' is a directory (expected: a file to write)");
        }
        checkParents(option, file);
        for (Path input : inputs) {
            if (input != null && sameFile(file, input)) {
                throw new SpecException(option + " '" + file + "' is the input '" + input
                        + "' (expected: another file, so the input is not overwritten)");
            }
        }
    }

    /**
     * The longest name an output may have: a file system takes 255 bytes, and the output is first written beside
     * its place under a longer hidden name ({@code .NAME.RANDOM.tmp}), so a longer name fails only once the work is
     * done.
     */
    static final int LONGEST_NAME = 230;

    /** Fails up front when a name along {@code path} is longer than {@link #LONGEST_NAME} bytes. */
    private static void checkNameLength(String option, Path path) {
        for (Path name : path) {
            int bytes = name.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > LONGEST_NAME) {
                throw new SpecException(option + " '" + path + "': the name '" + name + "' is " + bytes + " bytes"
                        + " (expected: at most " + LONGEST_NAME + ", so it can be written beside its place first)");
            }
        }
    }

    /** Whether writing {@code output} would replace {@code input}: the same file, by name or through a link. */
    static boolean sameFile(Path output, Path input) {
        try {
            return Files.exists(output) && Files.exists(input) && Files.isSameFile(output, input);
        } catch (IOException e) {
            return false; // one of them cannot be looked at: reading or writing it names the reason
        }
    }

    /**
     * Fails when {@code dir}, the value of {@code option}, exists and is not a directory, cannot be created, or
     * exists and takes no new file (a read-only mount at it).
     */
    static void checkDirectory(String option, Path dir) {
        checkNameLength(option, dir);
        if (dir.toString().isBlank() || (Files.exists(dir) && !Files.isDirectory(dir))) {
            throw new SpecException(option + " '" + dir + "' is not a directory (expected: a directory to write into)");
        }
        checkParents(option, dir);
        if (Files.isDirectory(dir) && !Files.isSymbolicLink(dir)) {
            probe(option, dir, dir.toAbsolutePath().normalize());
        }
    }

    /**
     * Fails when {@code path} cannot be written where it is: the nearest directory above it that exists is a file,
     * or is not writable (results are written beside their file, then renamed over it). Missing directories are
     * created when written into, by every command alike. A link or a device is not looked through: writing it says
     * what is wrong, if anything is.
     */
    private static void checkParents(String option, Path path) {
        if (Files.isSymbolicLink(path) || OutputFile.isSpecial(path)) {
            return;
        }
        Path parent = path.toAbsolutePath().normalize().getParent();
        while (parent != null && !Files.exists(parent)) {
            parent = parent.getParent();
        }
        if (parent == null) {
            return;
        }
        if (!Files.isDirectory(parent)) {
            throw new SpecException(option + " '" + path + "': '" + parent + "' is a file, not a directory"
                    + " (expected: a path whose directories exist or can be created)");
        }
        if (!Files.isWritable(parent)) {
            throw new SpecException(option + " '" + path + "': directory '" + parent + "' is not writable"
                    + " (expected: a directory heaplab may write into)");
        }
        probe(option, path, parent);
    }

    /**
     * Fails when no file can be made in {@code dir}: root may write everywhere by its permissions, yet not into a
     * read-only mount or {@code /proc}, and a file made and removed there says so before the work, where the write
     * would fail only after it. Only the making is judged: a probe that cannot be removed is left, not refused.
     */
    private static void probe(String option, Path path, Path dir) {
        Path made;
        try {
            made = Files.createTempFile(dir, ".heaplab-", ".probe");
        } catch (IOException e) {
            throw new SpecException(option + " '" + path + "': directory '" + dir + "' cannot be written: "
                    + OutputFile.reason(e) + " (expected: a directory heaplab may write into)");
        }
        try {
            Files.deleteIfExists(made);
        } catch (IOException e) {
            // an append-only directory keeps it; the command's own files can still be made there
        }
    }
}
