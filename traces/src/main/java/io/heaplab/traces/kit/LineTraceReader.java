package io.heaplab.traces.kit;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A reader of the peers' text traces (libCacheSim's ids, the ARC and UCSD traces): a line at a time, parsed in
 * place, its references recorded as runs and its ids or pages numbered densely in order of first appearance. A
 * subclass says what one line references.
 */
public abstract class LineTraceReader implements TraceReader {

    protected final Path file;
    protected final AsciiLines lines;
    private final InputStream in;
    private boolean replayed;

    protected LineTraceReader(Path file, InputStream in) {
        this.file = file;
        this.in = in;
        this.lines = new AsciiLines(file, in);
    }

    @Override
    public final long replay(ReferenceSink sink) throws IOException {
        if (replayed) {
            throw new IllegalStateException(file + ": a trace reader replays once");
        }
        replayed = true;
        ReferenceRecorder out = ReferenceRecorder.merging(sink);
        DensePages pages = new DensePages();
        while (lines.next()) {
            line(lines.bytes(), lines.start(), lines.end(), out, pages);
        }
        out.flush();
        return out.references();
    }

    /** Records the references of the current line, {@code b[start .. end)}. */
    protected abstract void line(byte[] b, int start, int end, ReferenceRecorder out, DensePages pages);

    /** The page {@code pages} gives, or a one-line error naming the line when every page is taken already. */
    protected final int page(int page) {
        if (page < 0) {
            throw TraceFormatException.atLine(file, lines.number(), "more than " + DensePages.MAX_PAGES
                    + " distinct pages (expected: at most that many, the most heaplab renumbers)");
        }
        return page;
    }

    /** A one-line error naming the file, the line and what was expected of it. */
    protected final TraceFormatException bad(String expected) {
        return TraceFormatException.atLine(file, lines.number(), lines.text() + " (expected: " + expected + ")");
    }

    @Override
    public final void close() throws IOException {
        in.close();
    }
}
