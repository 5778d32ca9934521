package io.heaplab.sweep.file;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;
import java.nio.file.Path;

/**
 * A sweep file that cannot be run as written: one line, {@code FILE:LINE: what is wrong (expected: ...)}; a usage
 * error, so the command exits with 2 before any point runs.
 */
public final class SweepFileException extends SpecException {

    @Serial
    private static final long serialVersionUID = 1L;

    public SweepFileException(Path file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
