package io.heaplab.traces.address;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.kit.DensePages;
import io.heaplab.traces.kit.LineTraceReader;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the UCSD memory-address traces (CSE 240A's, which Caffeine's simulator reads as its {@code address}
 * format): a line {@code l 0x1fffff50 1} or {@code s 0x...} is a load or store of that byte address, the last
 * field the instructions since the previous one (ignored). The address divided by the page size is the page, so
 * a store writes its page; pages are numbered in order of first appearance. Blank lines are skipped.
 */
final class AddressTraceReader extends LineTraceReader {

    private final int pageShift;
    private final int pageSize;

    AddressTraceReader(Path file, InputStream in, ReadOptions options) {
        super(file, in);
        this.pageSize = options.pageSize();
        this.pageShift = Integer.numberOfTrailingZeros(options.pageSize());
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.ADDRESS;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    protected void line(byte[] b, int start, int end, ReferenceRecorder out, DensePages pages) {
        int i = start;
        while (i < end && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        if (i == end) {
            return;
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
        out.reference(page(pages.page(address >>> pageShift)), write);
    }
}
