package io.heaplab.core.trace;

import java.util.BitSet;

/**
 * Counts what passes through a reference stream: references (virtual time), runs, runs that wrote, and distinct
 * pages, in all and since the measured phase began.
 */
public final class ReferenceTally implements ReferenceSink {

    private long references;
    private long runs;
    private long writeRuns;
    private long measuredFrom;
    private final BitSet seen = new BitSet();
    private int distinctPages;

    @Override
    public void accept(long[] batch, int length) {
        for (int i = 0; i < length; i++) {
            long run = batch[i];
            references += PageRun.count(run);
            writeRuns += PageRun.isWrite(run) ? 1 : 0;
            see(PageRun.page(run));
        }
        runs += length;
    }

    @Override
    public void startMeasuring() {
        measuredFrom = references;
    }

    private void see(int page) {
        if (!seen.get(page)) {
            seen.set(page);
            distinctPages++;
        }
    }

    /** Every reference, repeats included. */
    public long references() {
        return references;
    }

    /** Runs of references to one page. */
    public long runs() {
        return runs;
    }

    /** Runs that wrote their page. */
    public long writeRuns() {
        return writeRuns;
    }

    /** The virtual time at which the measured phase began: 0 unless the stream marked one. */
    public long measuredFrom() {
        return measuredFrom;
    }

    /** Different pages referenced. */
    public int distinctPages() {
        return distinctPages;
    }
}
