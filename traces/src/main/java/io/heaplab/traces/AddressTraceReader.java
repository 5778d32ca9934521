package io.heaplab.traces;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the UCSD memory-address traces (CSE 240A's, which Caffeine's simulator reads as its {@code address}
 * format): a line {@code l 0x1fffff50 1} or {@code s 0x...} is a load or store of that byte address, the last
 * field the instructions since the previous one (ignored). The address divided by the page size is the page, so
 * a store writes its page; pages are numbered in order of first appearance. Blank lines are skipped.
 */
final class AddressTraceReader implements TraceReader {

    private final Path file;
    private final InputStream in;
    private final AsciiLines lines;
    private final int pageShift;
    private final int pageSize;
    private boolean replayed;

    AddressTraceReader(Path file, InputStream in, ReadOptions options) {
        this.file = file;
        this.in = in;
        this.lines = new AsciiLines(file, in);
        this.pageSize = options.pageSize();
        this.pageShift = Integer.numberOfTrailingZeros(options.pageSize());
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public long replay(ReferenceSink sink) throws IOException {
        if (replayed) {
            throw new IllegalStateException(file + ": a trace reader replays once");
        }
        replayed = true;
        ReferenceRecorder out = new ReferenceRecorder(List.of(sink));
        DensePages pages = new DensePages();
        while (lines.next()) {
            byte[] b = lines.bytes();
            int i = lines.start();
            int end = lines.end();
            while (i < end && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            if (i == end) {
                continue;
            }
            byte kind = b[i++];
            boolean write = kind == 's' || kind == 'S';
            if (!write && kind != 'l' && kind != 'L') {
                throw bad("a line that starts with l (load) or s (store)");
            }
            while (i < end && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            if (i + 1 < end && b[i] == '0' && (b[i + 1] == 'x' || b[i + 1] == 'X')) {
                i += 2;
            }
            int from = i;
            long address = 0;
            while (i < end && Character.digit(b[i], 16) >= 0 && i - from < 16) {
                address = address << 4 | Character.digit(b[i], 16);
                i++;
            }
            if (i == from || (i < end && b[i] != ' ' && b[i] != '\t')) {
                throw bad("a hexadecimal address of up to 16 digits after l or s, as in 'l 0x1fffff50 1'");
            }
            int page = pages.page(address >>> pageShift);
            if (page < 0) {
                throw bad("at most " + Integer.MAX_VALUE + " distinct pages");
            }
            out.reference(page, write);
        }
        out.flush();
        return out.references();
    }

    private TraceFormatException bad(String expected) {
        return TraceFormatException.atLine(file, lines.number(), lines.text() + " (expected: " + expected + ")");
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
