package io.heaplab.traces.arc;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.traces.kit.DensePages;
import io.heaplab.traces.kit.LineTraceReader;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the block traces Megiddo and Modha published with ARC (FAST 2003), as Caffeine's simulator reads them: a
 * line {@code START COUNT IGNORED REQUEST} reads the {@code COUNT} blocks from {@code START} on, one reference
 * each. Each block becomes a page, numbered in order of first appearance. Blank lines are skipped.
 */
final class ArcTraceReader extends LineTraceReader {

    /** The longest run of blocks one line is believed to read; a larger count means a corrupt line. */
    static final long MAX_BLOCKS = 1 << 24;

    ArcTraceReader(Path file, InputStream in) {
        super(file, in);
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.ARC;
    }

    @Override
    public int pageSize() {
        return 0; // blocks, numbered
    }

    @Override
    protected void line(byte[] b, int start, int end, ReferenceRecorder out, DensePages pages) {
        if (AsciiLines.isBlank(b, start, end)) {
            return;
        }
        int[] at = {start};
        long first = number(b, at, end, "a first block");
        long count = number(b, at, end, "a count of blocks");
        if (count < 1 || count > MAX_BLOCKS) {
            throw TraceFormatException.atLine(file, lines.number(), lines.text() + ": a count of " + count
                    + " blocks (expected: 1 to " + MAX_BLOCKS + ")");
        }
        for (long block = first; block < first + count; block++) {
            out.reference(page(pages.page(block)), false);
        }
    }

    /** The next whitespace-separated decimal field from {@code at[0]}, moving past it. */
    private long number(byte[] b, int[] at, int end, String what) {
        int i = at[0];
        while (i < end && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        int from = i;
        long value = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9' && i - from < 18) {
            value = value * 10 + (b[i] - '0');
            i++;
        }
        if (i == from || (i < end && b[i] != ' ' && b[i] != '\t')) {
            throw bad(what + ", a whole number, as in '1024 8 0 1'");
        }
        at[0] = i;
        return value;
    }
}
