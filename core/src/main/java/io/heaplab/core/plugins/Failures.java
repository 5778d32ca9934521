package io.heaplab.core.plugins;

import java.util.Locale;

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

    /**
     * {@code text} on one line that a terminal shows as it is: a newline, carriage return or tab is written
     * {@code \n}, {@code \r}, {@code \t}, another control character {@code \xNN} (an escape sequence is never
     * acted on), a Unicode line or paragraph separator by its code point; past {@code longest} characters it is
     * cut, with {@code ...}. For user text and a file's text that a message quotes.
     */
    public static String printable(String text, int longest) {
        StringBuilder line = new StringBuilder(Math.min(text.length(), longest));
        for (int i = 0; i < text.length() && line.length() < longest; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                case '\u2028', '\u2029' -> line.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                default -> line.append(Character.isISOControl(c)
                        ? String.format(Locale.ROOT, "\\x%02X", (int) c) : String.valueOf(c));
            }
        }
        return line.length() < longest ? line.toString() : line + "...";
    }
}
