package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks made on output paths before any work starts, so a long run is never lost to a bad file name. */
final class Outputs {

    private Outputs() {
    }

    /** Fails when {@code file}, the value of {@code option}, cannot be a file to write; null means not asked for. */
    static void checkFile(String option, Path file) {
        if (file != null && (file.toString().isBlank() || Files.isDirectory(file))) {
            throw new SpecException(option + " '" + file + "' is a directory (expected: a file to write)");
        }
    }

    /** Fails when {@code dir}, the value of {@code option}, exists and is not a directory. */
    static void checkDirectory(String option, Path dir) {
        if (dir.toString().isBlank() || (Files.exists(dir) && !Files.isDirectory(dir))) {
            throw new SpecException(option + " '" + dir + "' is not a directory (expected: a directory to write into)");
        }
    }
}
