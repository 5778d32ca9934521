package io.heaplab.traces;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A piece of a trace as a message shows it: in quotes, every byte outside printable ASCII written {@code \xNN} and
 * anything past {@value #SHOWN} bytes cut, so a damaged or binary file cannot break the message's one line or flood
 * the terminal. Every reader of a text format, page or malloc trace, quotes its lines and fields this way.
 */
public final class Quoted {

    /** The most bytes of the text shown. */
    public static final int SHOWN = 60;

    private Quoted() {
    }

    /** {@code bytes[from .. to)} quoted for a message. */
    public static String quote(byte[] bytes, int from, int to) {
        StringBuilder text = new StringBuilder("'");
        int shown = Math.min(to, from + SHOWN);
        for (int i = from; i < shown; i++) {
            int b = bytes[i] & 0xFF;
            text.append(b >= 0x20 && b < 0x7F ? String.valueOf((char) b) : String.format(Locale.ROOT, "\\x%02X", b));
        }
        return text.append(to > shown ? "...'" : "'").toString();
    }

    /** {@code text}, read as ISO-8859-1 (a char per byte, as the readers decode lines), quoted for a message. */
    public static String quote(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return quote(bytes, 0, bytes.length);
    }
}
