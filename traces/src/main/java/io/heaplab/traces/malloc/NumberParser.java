package io.heaplab.traces.malloc;

import java.util.function.Supplier;

/** Parses the numbers of text malloc traces, failing with the caller's one-line error instead of a JDK exception. */
final class NumberParser {

    private NumberParser() {
    }

    /** A hexadecimal pointer, {@code 0x} optional, up to 64 bits. */
    static long hex(String text, Supplier<RuntimeException> bad) {
        String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (digits.isEmpty() || digits.length() > 16) {
            throw bad.get();
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), 16);
            if (d < 0) {
                throw bad.get();
            }
            value = value << 4 | d;
        }
        return value;
    }

    /** A non-negative decimal number that fits a signed 64-bit long. */
    static long decimal(String text, Supplier<RuntimeException> bad) {
        if (text.isEmpty() || text.length() > 19) {
            throw bad.get();
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw bad.get();
            }
            value = value * 10 + (c - '0');
        }
        if (value < 0) {
            throw bad.get();
        }
        return value;
    }
}
