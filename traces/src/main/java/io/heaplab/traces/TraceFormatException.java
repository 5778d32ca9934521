package io.heaplab.traces;

import java.nio.file.Path;

/**
 * A trace file that is not what its format says: the message names the file, the line (1-based) or byte offset,
 * and what was expected, so it can be shown to a user as it is.
 */
public final class TraceFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The format told, not given, that the trace was read as, and why; null when the format was given. */
    private final transient TraceFormats.Guess guess;

    private TraceFormatException(String message, Throwable cause) {
        this(message, cause, null);
    }

    private TraceFormatException(String message, Throwable cause, TraceFormats.Guess guess) {
        super(message, cause);
        this.guess = guess;
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

    /** The format heaplab told the trace to be, and why, when it was told, not given; else null. */
    public TraceFormats.Guess guess() {
        return guess;
    }

    /** This failure, of a trace read as {@code guess} told: the problem may be the guess, not the file. */
    public TraceFormatException guessed(TraceFormats.Guess guess) {
        if (this.guess != null) {
            return this;
        }
        TraceFormatException guessed = new TraceFormatException(getMessage(), getCause(), guess);
        guessed.setStackTrace(getStackTrace());
        return guessed;
    }

    /**
     * This failure with the guess said, when there is one: {@code "...; read as text because ... (HOW)"}, where
     * {@code how} tells how to name another format.
     */
    public TraceFormatException explained(String how) {
        if (guess == null) {
            return this;
        }
        return new TraceFormatException(getMessage() + "; read as " + guess.format().label() + " because "
                + guess.why() + " (" + how + ")", this);
    }
}
