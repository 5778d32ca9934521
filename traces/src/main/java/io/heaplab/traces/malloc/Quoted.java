package io.heaplab.traces.malloc;

import java.util.Locale;

/**
 * A piece of a text malloc trace as a message shows it, the way the page-trace readers show a line: in quotes, every
 * byte outside printable ASCII written {@code \xNN} and anything past 60 characters cut, so a damaged or binary file
 * cannot break the message's one line or flood the terminal.
 */
final class Quoted {

    /** The most characters of the text shown. */
    static final int SHOWN = 60;

    private Quoted() {
    }

    /** {@code text} (read as ISO-8859-1, a char per byte) quoted for a message. */
    static String quote(String text) {
        StringBuilder quoted = new StringBuilder("'");
        int shown = Math.min(text.length(), SHOWN);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            quoted.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format(Locale.ROOT, "\\x%02X", (int) c));
        }
        return quoted.append(text.length() > shown ? "...'" : "'").toString();
    }
}
