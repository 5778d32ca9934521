package io.heaplab.traces;

import java.nio.file.Path;

/**
 * A trace file that is not what its format says: the message names the file, the line (1-based) or byte offset,
 * and what was expected, so it can be shown to a user as it is.
 */
public final class TraceFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private TraceFormatException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code "FILE: line N: PROBLEM"}. */
    public static TraceFormatException atLine(Path file, long line, String problem) {
        return new TraceFormatException(file + ": line " + line + ": " + problem, null);
    }

    /** {@code "FILE: byte N: PROBLEM"}; {@code where} says of what when it is not the file itself. */
    public static TraceFormatException atByte(Path file, long offset, String where, String problem, Throwable cause) {
        return new TraceFormatException(file + ": byte " + offset + where + ": " + problem, cause);
    }

    public static TraceFormatException atByte(Path file, long offset, String problem) {
        return atByte(file, offset, "", problem, null);
    }

    /** {@code "FILE: run N: PROBLEM"}, for a failure found in the stream of runs, past the bytes and lines. */
    public static TraceFormatException atRun(Path file, long run, String problem) {
        return new TraceFormatException(file + ": run " + run + ": " + problem, null);
    }

    /**
     * This failure with the format heaplab guessed and why, for a trace whose format was told from its content:
     * the problem may be the guess, not the file.
     */
    public TraceFormatException withGuess(TraceFormat.Guess guess) {
        return new TraceFormatException(getMessage() + "; read as " + guess.format().label() + " because "
                + guess.why() + " (--format names another)", this);
    }
}
