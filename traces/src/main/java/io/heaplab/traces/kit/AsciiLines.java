package io.heaplab.traces.kit;

import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Splits a stream into lines in place, in one growing byte buffer, so the text and lackey readers parse a line
 * without making a {@code String} of it: a trace has one line per reference. A line ends at {@code \n}; a
 * {@code \r} before it is dropped; the last line needs no terminator.
 */
public final class AsciiLines {

    /** No trace line comes near this; a longer one means the file is not a trace. */
    public static final int MAX_LINE_BYTES = 1 << 16;

    /** I/O chunk, as large as the binary reader's: one system call per many thousand lines. */
    private static final int BUFFER_BYTES = 1 << 18;

    private final Path file;
    private final InputStream in;
    private byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    private boolean ended;

    /** The current line is {@code bytes()[start() .. end())}. */
    private int start;
    private int end;
    private long number;

    public AsciiLines(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Advances to the next line; false at the end of the stream. */
    public boolean next() throws IOException {
        while (true) {
            int newline = indexOfNewline(position, limit);
            if (newline >= 0) {
                take(newline, newline + 1);
                return true;
            }
            if (ended) {
                if (position == limit) {
                    return false;
                }
                take(limit, limit);
                return true;
            }
            refill();
        }
    }

    public byte[] bytes() {
        return buffer;
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }

    /** 1-based number of the current line. */
    public long number() {
        return number;
    }

    /** The current line as text, a byte a character (ISO-8859-1), for readers that parse words. */
    public String line() {
        return new String(buffer, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The current line for a message, shortened so a binary file does not flood the terminal. */
    public String text() {
        return Quoted.quote(buffer, start, end);
    }

    public static boolean isBlank(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != ' ' && bytes[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    private void take(int lineEnd, int next) {
        start = position;
        end = lineEnd > start && buffer[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
        position = next;
        number++;
    }

    private int indexOfNewline(int from, int to) {
        byte[] b = buffer;
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void refill() throws IOException {
        int unread = limit - position;
        if (unread >= MAX_LINE_BYTES) {
            throw TraceFormatException.atLine(file, number + 1, "line longer than " + MAX_LINE_BYTES
                    + " bytes (expected a trace line)");
        }
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, unread);
            position = 0;
            limit = unread;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            ended = true;
        } else {
            limit += n;
        }
    }
}
