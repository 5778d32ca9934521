package io.heaplab.sweep;

import io.heaplab.sweep.file.SweepFileException;
import java.nio.file.Path;

/** A value of a sweep file and where the file gave it, so a mistake found later still names its line. */
record At<T>(T value, Path file, int line) {

    /** The mistake {@code message} at this value's line. */
    SweepFileException error(String message) {
        return new SweepFileException(file, line, message);
    }
}
