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
    /** The pages seen, or null when the pages come numbered in order of first reference. */
    private final BitSet seen;
    private int distinctPages;

    /** A tally of a stream whose pages may come in any order. */
    public ReferenceTally() {
        this(new BitSet());
    }

    private ReferenceTally(BitSet seen) {
        this.seen = seen;
    }

    /**
     * A tally of a stream whose pages are numbered 0, 1, 2, ... in order of first reference, as a trace reader's
     * dense replay gives them: a page is new when it is the next number, so no set of the pages is kept. On a
     * trace of millions of pages the set's lookups, a cache miss each, took as much time as the LRU curve beside it.
     */
    public static ReferenceTally ofDensePages() {
        return new ReferenceTally(null);
    }

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
        if (seen == null) {
            distinctPages = Math.max(distinctPages, page + 1);
        } else if (!seen.get(page)) {
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
