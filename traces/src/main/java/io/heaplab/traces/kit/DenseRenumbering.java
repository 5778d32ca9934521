package io.heaplab.traces.kit;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.TraceFormatException;
import java.nio.file.Path;

/**
 * Passes a stream on with its pages renumbered 0, 1, 2, ... in order of first reference, so a sink that keeps
 * state per page (every simulator does) needs memory for the distinct pages, not for the largest page number: a
 * trace of pages 0 and 2^31 - 1 costs what pages 0 and 1 do. Renumbering keeps each reference's identity, which is
 * all a replacement policy looks at, so its counts are unchanged.
 */
public final class DenseRenumbering implements ReferenceSink {

    private final Path file;
    private final ReferenceSink next;
    private final DensePages pages;
    private long[] ids = new long[ReferenceRecorder.BATCH];
    private int[] dense = new int[ReferenceRecorder.BATCH];
    /** One reused batch, as a recorder passes them on. */
    private long[] runs = new long[ReferenceRecorder.BATCH];
    /** Runs passed on so far: where a failure happened. */
    private long passed;

    public DenseRenumbering(Path file, ReferenceSink next) {
        this(file, next, new DensePages());
    }

    /** With {@code pages} for a table of its own: tests reach the most distinct pages with a small one. */
    public DenseRenumbering(Path file, ReferenceSink next, DensePages pages) {
        this.file = file;
        this.next = next;
        this.pages = pages;
    }

    @Override
    public void accept(long[] batch, int length) {
        if (ids.length < length) {
            ids = new long[length];
            dense = new int[length];
            runs = new long[length];
        }
        for (int i = 0; i < length; i++) {
            ids[i] = PageRun.page(batch[i]);
        }
        int full = pages.pages(ids, length, dense);
        if (full >= 0) {
            throw TraceFormatException.atRun(file, passed + full + 1, "more than " + DensePages.MAX_PAGES
                    + " distinct pages (expected: at most that many, the most heaplab renumbers)");
        }
        for (int i = 0; i < length; i++) {
            long run = batch[i];
            runs[i] = PageRun.pack(dense[i], PageRun.count(run), PageRun.isWrite(run));
        }
        passed += length;
        next.accept(runs, length);
    }

    @Override
    public void startMeasuring() {
        next.startMeasuring();
    }

    @Override
    public void finish() {
        next.finish();
    }
}
