package io.heaplab.core.heap;

import io.heaplab.core.spi.SpecException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes as a person writes it, with or without a unit: {@code 65536}, {@code 64KiB}, {@code 64MiB},
 * {@code 1GiB}; {@code K}, {@code KB}, {@code M}, {@code MB}, {@code G} and {@code GB} mean the same binary
 * multiples, as memory sizes are.
 */
public final class Bytes {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)");

    private Bytes() {
    }

    /** {@code bytes} rounded up to a multiple of {@code alignment}, a power of two. */
    public static long alignUp(long bytes, long alignment) {
        return bytes + alignment - 1 & -alignment;
    }

    /** The bytes {@code text} names; a malformed or too large size fails with a one-line {@link SpecException}. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new SpecException("'" + text + "' (expected: bytes, optionally with a unit, such as 4096,"
                    + " 64KiB, 64MiB or 1GiB)");
        }
        int shift = switch (m.group(2)) {
            case "", "b" -> 0;
            case "k", "kb", "kib" -> 10;
            case "m", "mb", "mib" -> 20;
            case "g", "gb", "gib" -> 30;
            default -> 40;
        };
        try {
            long number = Long.parseLong(m.group(1));
            if (number > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return number << shift;
        } catch (NumberFormatException e) {
            throw new SpecException("'" + text + "' (expected: at most " + Long.MAX_VALUE + " bytes)");
        }
    }
}
