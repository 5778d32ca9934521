package io.heaplab.paging.opt;

import io.heaplab.core.trace.PageRun;
import java.util.Arrays;

/**
 * The whole trace of runs, kept for a policy that decides with the future (Belady 1966), with the run at which
 * the measured phase began and each run's next use of its page.
 *
 * <p>8 bytes per run, and 4 more per run for the next uses once they are computed.
 */
final class RunBuffer {

    /** The next use of a page never used again: farther than any run. */
    static final int NEVER = Integer.MAX_VALUE;
    private static final int INITIAL_RUNS = 1024;

    private long[] runs = new long[INITIAL_RUNS];
    private int length;
    private int measuredFrom;
    private int maxPage = -1;

    /** Copies {@code batch[0 .. count)}: the recorder reuses the array. */
    void append(long[] batch, int count) {
        if (count > runs.length - length) {
            long needed = (long) length + count;
            if (needed > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("OPT buffers at most " + (Integer.MAX_VALUE - 8)
                        + " runs; this trace has more");
            }
            runs = Arrays.copyOf(runs, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, 2L * runs.length)));
        }
        for (int i = 0; i < count; i++) {
            int page = PageRun.page(batch[i]);
            if (page < 0) {
                throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
            }
            maxPage = Math.max(maxPage, page);
        }
        System.arraycopy(batch, 0, runs, length, count);
        length += count;
    }

    /** The measured phase begins with the next run appended. */
    void markMeasured() {
        measuredFrom = length;
    }

    /** The first measured run: 0 when the whole trace is measured, {@link #length()} when none of it is. */
    int measuredFrom() {
        return measuredFrom;
    }

    int length() {
        return length;
    }

    long run(int i) {
        return runs[i];
    }

    /** One more than the largest page referenced: the length of a table indexed by page. */
    int pages() {
        return maxPage + 1;
    }

    /**
     * Element i: the index of the next run that references run i's page, or {@link #NEVER}; one backward pass.
     */
    int[] nextUses() {
        int[] next = new int[length];
        int[] seenAt = new int[pages()];
        Arrays.fill(seenAt, NEVER);
        for (int i = length - 1; i >= 0; i--) {
            int page = PageRun.page(runs[i]);
            next[i] = seenAt[page];
            seenAt[page] = i;
        }
        return next;
    }

    /**
     * The priority by which both OPT simulators choose a victim, as one long: the farther the next use the
     * larger, so the largest is evicted. Finite next uses of distinct pages differ; among pages never used again,
     * the lowest page is the largest. Both simulators must order pages alike to make the same choices, and so
     * the same write-backs, whatever the memory size: the order depends on no size (Mattson et al. 1970).
     */
    static long priority(int nextUse, int page) {
        return ((long) nextUse << 31) | (Integer.MAX_VALUE - page);
    }
}
