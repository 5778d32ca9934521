package io.heaplab.cli;

import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import java.nio.file.Path;

/** Checks made on input paths before any work starts: one rule and one message for every command. */
final class Inputs {

    private Inputs() {
    }

    /**
     * Fails when {@code file}, called {@code what} in the message ("trace"), is not a regular file heaplab can read,
     * saying why: there is none, it is a directory or a device, or it may not be read.
     */
    static void checkFile(String what, Path file, String expected) {
        String problem = InputFile.problem(file);
        if (problem != null) {
            throw new SpecException(what + " '" + file + "' " + problem + " (expected: " + expected + ")");
        }
    }
}
