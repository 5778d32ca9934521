package io.heaplab.traces.heaplab;

import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Streams a deflated trace body: inflates the file chunk by chunk (never the whole file at once) and turns every
 * way a compressed stream can be wrong into a {@link TraceFormatException} at the compressed byte where it was
 * noticed, instead of the bare {@code ZipException} or {@code EOFException} of {@code InflaterInputStream}.
 */
final class InflatedBody {

    private final Path file;
    private final InputStream in;
    private final Inflater inflater = new Inflater();
    private final byte[] input = new byte[BinaryTraceFormat.BUFFER_BYTES];
    /** File offset of {@code input[0]}. */
    private long inputStart;
    private int inputLength;

    InflatedBody(Path file, InputStream in, long offset) {
        this.file = file;
        this.in = in;
        this.inputStart = offset;
    }

    /** Like {@link InputStream#read(byte[], int, int)}: -1 once the deflate stream (checksum included) is over. */
    int read(byte[] b, int offset, int length) throws IOException {
        while (true) {
            if (inflater.finished()) {
                return -1;
            }
            int n;
            try {
                n = inflater.inflate(b, offset, length);
            } catch (DataFormatException e) {
                throw corrupt(e.getMessage(), e);
            }
            if (n > 0) {
                return n;
            }
            if (inflater.finished()) {
                return -1;
            }
            if (inflater.needsDictionary()) {
                throw corrupt("it asks for a preset dictionary", null);
            }
            if (inflater.needsInput()) {
                inputStart += inputLength;
                inputLength = 0;
                int read = in.read(input);
                if (read < 0) {
                    throw TraceFormatException.atByte(file, inputStart,
                            "the compressed body ends early (expected more deflate data: the file was cut short)");
                }
                inputLength = read;
                inflater.setInput(input, 0, read);
            }
        }
    }

    /** After the deflate stream's end: the file must end too. */
    void checkNothingAfter() throws IOException {
        if (inflater.getRemaining() > 0 || in.read() != -1) {
            throw TraceFormatException.atByte(file, position(),
                    "data after the end of the compressed body (expected the end of the file)");
        }
    }

    void close() {
        inflater.end();
    }

    /** File offset of the next compressed byte the inflater will take. */
    private long position() {
        return inputStart + inputLength - inflater.getRemaining();
    }

    private TraceFormatException corrupt(String detail, Throwable cause) {
        return TraceFormatException.atByte(file, position(), "", "corrupt compressed body"
                + (detail == null ? "" : " (" + detail + ")") + " (expected a zlib deflate stream)", cause);
    }
}
