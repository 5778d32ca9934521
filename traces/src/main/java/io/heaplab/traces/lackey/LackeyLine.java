package io.heaplab.traces.lackey;

import io.heaplab.traces.kit.AsciiLines;

/**
 * Parses one lackey access line in place; the reader keeps one and reuses it for every line, so parsing makes no
 * object. After {@link #parse} succeeds, {@link #kind}, {@link #address} and {@link #size} describe the access.
 */
final class LackeyLine {

    /** {@code 'I'} (instruction fetch), {@code 'L'} (load), {@code 'S'} (store), {@code 'M'} (modify). */
    int kind;
    long address;
    /** Bytes accessed as written, clamped to {@code Integer.MAX_VALUE}; checked by the caller. */
    int size;

    /** Whether {@code b[start .. end)} is {@code I  ADDR,SIZE} or {@code ' '[LSM]' 'ADDR,SIZE}, trailing blanks allowed. */
    boolean parse(byte[] b, int start, int end) {
        if (end - start < 4 || b[start + 2] != ' ') {
            return false;
        }
        if (b[start] == 'I' && b[start + 1] == ' ') {
            kind = 'I';
        } else if (b[start] == ' ' && (b[start + 1] == 'L' || b[start + 1] == 'S' || b[start + 1] == 'M')) {
            kind = b[start + 1];
        } else {
            return false;
        }
        int i = start + 3;
        while (i < end && b[i] == ' ') {
            i++;
        }
        int hexStart = i;
        long value = 0;
        for (; i < end; i++) {
            int digit = Character.digit(b[i], 16);
            if (digit < 0) {
                break;
            }
            value = value << 4 | digit;
        }
        // 16 hex digits fill 64 bits; more would drop the high ones silently
        if (i == hexStart || i - hexStart > 16 || i == end || b[i] != ',') {
            return false;
        }
        int sizeStart = ++i;
        long length = 0;
        for (; i < end && b[i] >= '0' && b[i] <= '9'; i++) {
            length = Math.min(length * 10 + (b[i] - '0'), Integer.MAX_VALUE);
        }
        if (i == sizeStart || !AsciiLines.isBlank(b, i, end)) {
            return false;
        }
        address = value;
        size = (int) length;
        return true;
    }

    /** Whether the line starts like an access ({@code I  } or {@code ' '[LSM]' '}), parsed or not. */
    static boolean looksLikeAccess(byte[] b, int start, int end) {
        return end - start >= 3 && b[start + 2] == ' '
                && ((b[start] == 'I' && b[start + 1] == ' ')
                    || (b[start] == ' ' && (b[start + 1] == 'L' || b[start + 1] == 'S' || b[start + 1] == 'M')));
    }
}
