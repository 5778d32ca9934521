package io.heaplab.core.files;

import io.heaplab.core.spi.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What keeps a path from being read as an input file, in words: one rule for every command that reads one. */
public final class InputFile {

    private InputFile() {
    }

    /**
     * Why {@code file} cannot be read as a regular file ("is not a file: no such file or directory", "is not a
     * file: it is a directory", "cannot be read: permission denied"), or null when it can.
     */
    public static String problem(Path file) {
        if (!Files.exists(file)) {
            return "is not a file: no such file or directory";
        }
        if (Files.isDirectory(file)) {
            return "is not a file: it is a directory";
        }
        if (!Files.isRegularFile(file)) {
            return "is not a file: it is a device, a FIFO or a socket";
        }
        return Files.isReadable(file) ? null : "cannot be read: permission denied";
    }

    /**
     * Fails with a one-line {@link SpecException} when {@code file}, called {@code what} ("trace"), cannot be read:
     * {@code trace 'r.hlt' is not a file: no such file or directory (expected: a trace to read)}.
     */
    public static void check(String what, Path file, String expected) {
        String problem = problem(file);
        if (problem != null) {
            throw new SpecException(what + " '" + file + "' " + problem + " (expected: " + expected + ")");
        }
    }
}
