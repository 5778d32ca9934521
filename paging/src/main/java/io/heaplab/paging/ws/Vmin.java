package io.heaplab.paging.ws;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;

/**
 * VMIN with window {@code theta} (Prieve &amp; Fabry 1976's {@code tau}), the optimal variable-space policy.
 *
 * <p>After a reference, VMIN keeps the page until its next reference if that comes within {@code theta}
 * references, and otherwise removes it at once (writing it back if dirty): it pays for a page only while the page
 * will be used again soon enough to be worth keeping. It faults where the working set of the same window does
 * (Denning 1968), with fewer pages resident.
 *
 * <p>The decision after a reference needs the next one, and it is resolved then: at the page's next reference
 * the gap tells whether the page stayed resident in between or left just after the last one. So nothing is
 * buffered; the page's last references are resolved by {@link #finish()}: nothing follows them, so the pages
 * leave, and dirty ones are written back. Before {@code finish()} the outcome leaves those pending.
 *
 * <p>A page leaves at the time after its reference; in a measured phase that departure is counted when that time
 * is measured. Measures: {@code writeBacks}, {@code meanResident}, {@code spaceTime}.
 */
public final class Vmin implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    private static final long NEVER = 0;

    private final long theta;

    /** The time of each page's last reference; {@link #NEVER} before the first, and once it left for good. */
    private long[] lastAt = new long[INITIAL_PAGES];
    private boolean[] dirty = new boolean[INITIAL_PAGES];
    private long vt;
    private long measuredAfter;
    private boolean finished;

    private long faults;
    private long writeBacks;
    private long spaceTime;

    public Vmin(long theta) {
        if (theta < 1) {
            throw new IllegalArgumentException("theta: " + theta + " (expected: >= 1)");
        }
        this.theta = theta;
    }

    @Override
    public void accept(long[] runs, int length) {
        if (finished) {
            throw new IllegalStateException("VMIN got references after finish()");
        }
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= lastAt.length) {
                grow(page);
            }
            long start = vt + 1;
            long last = lastAt[page];
            if (last == NEVER) {
                faults++;
                dirty[page] = false;
            } else if (start - last <= theta) {
                // kept through the gap: resident at last + 1 .. start - 1, the measured part of it
                spaceTime += start - 1 - Math.max(last, measuredAfter);
            } else {
                left(page, last);
                faults++;
            }
            int count = PageRun.count(run);
            spaceTime += count;
            vt += count;
            lastAt[page] = vt;
            dirty[page] |= PageRun.isWrite(run);
        }
    }

    /** The page left right after its reference at {@code last}. */
    private void left(int page, long last) {
        if (dirty[page]) {
            dirty[page] = false;
            if (last + 1 > measuredAfter) {
                writeBacks++;
            }
        }
    }

    private void grow(int page) {
        int length = PageTables.grownLength(lastAt.length, page);
        lastAt = Arrays.copyOf(lastAt, length);
        dirty = Arrays.copyOf(dirty, length);
    }

    /** Forgets the counts; each page's last reference stays, and is resolved at its next one. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        spaceTime = 0;
        measuredAfter = vt;
    }

    /** Resolves the last references: no page is referenced again, so every one leaves after its last. */
    @Override
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        for (int page = 0; page < lastAt.length; page++) {
            if (lastAt[page] != NEVER) {
                left(page, lastAt[page]);
                lastAt[page] = NEVER;
            } else if (dirty[page]) {
                throw new IllegalStateException("page " + page + " is dirty but was never referenced");
            }
        }
        long references = vt - measuredAfter;
        if (spaceTime < references) {
            throw new IllegalStateException("space-time " + spaceTime + " below " + references + " references");
        }
    }

    @Override
    public PagingOutcome outcome() {
        return WindowMeasures.outcome(faults, writeBacks, spaceTime, vt - measuredAfter);
    }

    public long theta() {
        return theta;
    }
}
