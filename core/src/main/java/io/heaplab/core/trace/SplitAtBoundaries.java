package io.heaplab.core.trace;

/**
 * Passes a stream on cut at points of virtual time, so the sink it feeds sees a boundary between two batches and
 * {@link #atBoundary()} can act there (start the measured phase, close a window of the miss-ratio timeline).
 *
 * <p>A batch that reaches no boundary, nearly every one, is passed on as it came: the cost is the sum of its runs'
 * counts and one compare, and nothing once the last boundary is passed. A batch that reaches one is copied and cut
 * there; a run that straddles the boundary is cut into two runs of the same page, which every policy treats as the
 * one run (the second part hits), the write bit going to both (the page stays dirty either way); a tally of the
 * trace's runs is fed before the cut. Program phases are not passed on: a trace has none.
 */
public abstract class SplitAtBoundaries implements ReferenceSink {

    /** The sink the cut stream goes to. */
    protected final ReferenceSink next;
    /** References passed on so far. */
    private long time;
    /** The virtual time of the next boundary; {@link Long#MAX_VALUE} when none is left. */
    private long boundary;
    private long[] scratch = new long[ReferenceRecorder.BATCH];

    /** Cuts the stream into {@code next} at {@code first} (a reference count from 1), then where told. */
    protected SplitAtBoundaries(ReferenceSink next, long first) {
        if (first < 1) {
            throw new IllegalArgumentException("first boundary: " + first + " (expected: >= 1)");
        }
        this.next = next;
        this.boundary = first;
    }

    /**
     * Called when the references passed on reach the boundary, before any after it; answers the next boundary,
     * after this one, or {@link Long#MAX_VALUE} for none.
     */
    protected abstract long atBoundary();

    /** References passed on so far, the virtual time; no longer counted once no boundary is left. */
    protected final long time() {
        return time;
    }

    @Override
    public final void accept(long[] runs, int length) {
        if (boundary == Long.MAX_VALUE) {
            next.accept(runs, length); // past the last boundary (a warm-up's): not even a sum per batch
            return;
        }
        long total = PageRun.references(runs, length);
        if (time + total < boundary) {
            time += total;
            next.accept(runs, length);
            return;
        }
        split(runs, length);
    }

    private void split(long[] runs, int length) {
        if (scratch.length < length + 1) {
            scratch = new long[length + 1];
        }
        int n = 0;
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            boolean write = PageRun.isWrite(run);
            int count = PageRun.count(run);
            while (time + count >= boundary) {
                int head = (int) (boundary - time);
                if (head > 0) {
                    scratch[n++] = PageRun.pack(page, head, write);
                }
                if (n > 0) {
                    next.accept(scratch, n);
                    n = 0;
                }
                time = boundary;
                count -= head;
                long following = atBoundary();
                if (following <= boundary) {
                    throw new IllegalStateException("boundary " + following + " after " + boundary
                            + " (expected: later)");
                }
                boundary = following;
            }
            if (count > 0) {
                scratch[n++] = count == PageRun.count(run) ? run : PageRun.pack(page, count, write);
                time += count;
            }
        }
        if (n > 0) {
            next.accept(scratch, n);
        }
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
