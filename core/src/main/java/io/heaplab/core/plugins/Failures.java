package io.heaplab.core.plugins;

/** Throwables told in one line, for the one-line messages heaplab prints instead of stack traces. */
public final class Failures {

    private Failures() {
    }

    /** The throwable's simple class name and the first line of its message, like {@code "IOException: gone"}. */
    public static String summary(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName()
                + (message == null || message.isEmpty() ? "" : ": " + message.lines().findFirst().orElse(""));
    }
}
