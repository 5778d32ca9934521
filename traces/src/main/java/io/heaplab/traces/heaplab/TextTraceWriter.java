package io.heaplab.traces.heaplab;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.kit.BufferedTraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Writes runs in the {@linkplain TextTraceFormat text format}, one line per reference, formatting digits by hand
 * into one reused buffer (a line per reference is too many for a {@code String} each).
 */
final class TextTraceWriter extends BufferedTraceWriter {

    private static final byte[] MEASURE_LINE = ("# " + TextTraceFormat.MEASURE + "\n").getBytes(StandardCharsets.US_ASCII);
    /** The longest line: ten digits, " W", newline. */
    private static final int MAX_LINE_BYTES = 13;

    private final byte[] digits = new byte[10];

    TextTraceWriter(Path file, int pageSize) throws IOException {
        super(file, BinaryTraceFormat.BUFFER_BYTES);
        try {
            pending.stream().write(TextTraceFormat.header(pageSize).getBytes(StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            pending.close();
            throw e;
        }
    }

    @Override
    public void accept(long[] batch, int length) {
        checkOpen();
        for (int i = 0; i < length; i++) {
            long run = batch[i];
            int page = PageRun.page(run);
            int count = PageRun.count(run);
            if (page < 0 || count <= 0) {
                throw new IllegalArgumentException("run " + Long.toHexString(run) + ": page " + page + ", count "
                        + count + " (expected: a page from 0 and a count from 1)");
            }
            int length10 = 0;
            for (int p = page; ; p /= 10) {
                digits[length10++] = (byte) ('0' + p % 10);
                if (p < 10) {
                    break;
                }
            }
            for (int k = 0; k < count; k++) {
                if (filled > buffer.length - MAX_LINE_BYTES) {
                    drain();
                }
                for (int d = length10 - 1; d >= 0; d--) {
                    buffer[filled++] = digits[d];
                }
                if (k == 0 && PageRun.isWrite(run)) {
                    buffer[filled++] = ' ';
                    buffer[filled++] = 'W';
                }
                buffer[filled++] = '\n';
            }
            references += count;
        }
    }

    @Override
    public void startMeasuring() {
        checkOpen();
        if (filled > buffer.length - MEASURE_LINE.length) {
            drain();
        }
        System.arraycopy(MEASURE_LINE, 0, buffer, filled, MEASURE_LINE.length);
        filled += MEASURE_LINE.length;
    }

    @Override
    protected OutputStream sink() {
        return pending.stream();
    }
}
