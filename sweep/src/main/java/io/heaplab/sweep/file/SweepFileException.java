package io.heaplab.sweep.file;

import io.heaplab.core.plugins.Failures;
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

    /** The most characters of a message after the file's name and line: a quoted line of the file is cut there. */
    public static final int LONGEST = 2000;

    public SweepFileException(Path file, int line, String message) {
        // the file's text a message quotes (a key with a tab, a value with an escape byte) is escaped: one line
        super(file + (line > 0 ? ":" + line : "") + ": " + Failures.printable(message, LONGEST));
    }
}
