package io.heaplab.traces;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the block traces Megiddo and Modha published with ARC (FAST 2003), as Caffeine's simulator reads them: a
 * line {@code START COUNT IGNORED REQUEST} reads the {@code COUNT} blocks from {@code START} on, one reference
 * each. Each block becomes a page, numbered in order of first appearance. Blank lines are skipped.
 */
final class ArcTraceReader implements TraceReader {

    /** The longest run of blocks one line is believed to read; a larger count means a corrupt line. */
    static final long MAX_BLOCKS = 1 << 24;

    private final Path file;
    private final InputStream in;
    private final AsciiLines lines;
    private boolean replayed;

    ArcTraceReader(Path file, InputStream in) {
        this.file = file;
        this.in = in;
        this.lines = new AsciiLines(file, in);
    }

    @Override
    public int pageSize() {
        return 0; // blocks, numbered
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
            int[] at = {lines.start()};
            int end = lines.end();
            if (AsciiLines.isBlank(b, at[0], end)) {
                continue;
            }
            long start = number(b, at, end, "a first block");
            long count = number(b, at, end, "a count of blocks");
            if (count < 1 || count > MAX_BLOCKS) {
                throw TraceFormatException.atLine(file, lines.number(), lines.text() + ": a count of " + count
                        + " blocks (expected: 1 to " + MAX_BLOCKS + ")");
            }
            for (long block = start; block < start + count; block++) {
                int page = pages.page(block);
                if (page < 0) {
                    throw TraceFormatException.atLine(file, lines.number(), "more than " + Integer.MAX_VALUE
                            + " distinct blocks (expected: pages numbered by int)");
                }
                out.reference(page, false);
            }
        }
        out.flush();
        return out.references();
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
            throw TraceFormatException.atLine(file, lines.number(), lines.text() + " (expected: " + what
                    + ", a whole number, as in '1024 8 0 1')");
        }
        at[0] = i;
        return value;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
