package io.heaplab.paging.ws;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageLists;
import java.util.Arrays;

/**
 * The working-set policy with window {@code theta} (Denning 1968), simulated reference by reference in virtual
 * time.
 *
 * <p>{@code W(t, theta)} holds the pages referenced at times {@code t - theta + 1 .. t}. A reference faults when
 * its page is not in {@code W(t - 1, theta)}; a page last referenced at {@code L} leaves at time
 * {@code L + theta} unless referenced then, and is written back if a write dirtied it since it came in. A page
 * still in the working set when the trace ends is not written back.
 *
 * <p>The working set is a list of its pages in the order of their last references, the oldest at the tail (an
 * intrusive {@link PageLists} of one list, over arrays indexed by page; a page is in the working set while it is on
 * the list): pages leave from the tail, in the order of their departure times. Between two departures the size is
 * constant, so the space-time (the size summed over the references) grows by size times interval, and a run of two
 * billion references costs as little as one. Each page enters the list once per fault and leaves once: O(1)
 * amortized per run.
 *
 * <p>Measures: {@code writeBacks}, {@code meanResident} ({@code |W(t, theta)|} averaged over the measured
 * references) and {@code spaceTime}, its sum.
 */
public final class WorkingSet implements PagingSimulator {

    private static final int RESIDENT = 0;

    private final long theta;

    /** The pages of the working set, most recently referenced at the head, the next to leave at the tail. */
    private final PageLists window = new PageLists("working set");
    /** Per page, as long as the list's capacity, so its length bounds all three. */
    private long[] lastAt = new long[window.capacity()];
    private boolean[] dirty = new boolean[window.capacity()];

    private long vt;
    /** The time up to which the space-time has been summed. */
    private long accountedTo;
    private long measuredAfter;

    private long faults;
    private long writeBacks;
    private long spaceTime;

    public WorkingSet(long theta) {
        if (theta < 1) {
            throw new IllegalArgumentException("theta: " + theta + " (expected: >= 1)");
        }
        this.theta = theta;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= dirty.length) {
                grow(page);
            }
            long start = vt + 1;
            // whoever left by now left before this reference
            advanceTo(start - 1);
            if (window.listOf(page) == RESIDENT) {
                window.moveToHead(RESIDENT, page);
            } else {
                faults++;
                dirty[page] = false;
                window.pushHead(RESIDENT, page);
            }
            vt += PageRun.count(run);
            lastAt[page] = vt;
            dirty[page] |= PageRun.isWrite(run);
            // the run's own references: the page is at the head, others may leave during a long run
            advanceTo(vt);
        }
    }

    /** Sums the space-time to {@code time}, removing the pages that leave by then in the order they leave. */
    private void advanceTo(long time) {
        // a page leaves at lastAt + theta <= time; written so that a huge theta cannot overflow
        for (int tail = window.tail(RESIDENT); tail != PageLists.NIL && lastAt[tail] <= time - theta;
                tail = window.tail(RESIDENT)) {
            long leaves = lastAt[tail] + theta;
            spaceTime += window.size(RESIDENT) * (leaves - 1 - accountedTo);
            accountedTo = leaves - 1;
            leave(tail);
        }
        spaceTime += window.size(RESIDENT) * (time - accountedTo);
        accountedTo = time;
    }

    private void leave(int page) {
        window.remove(page);
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
    }

    private void grow(int page) {
        window.grow(page);
        lastAt = Arrays.copyOf(lastAt, window.capacity());
        dirty = Arrays.copyOf(dirty, window.capacity());
    }

    /** Forgets the counts; the working set stays as it is. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        spaceTime = 0;
        measuredAfter = vt;
    }

    /**
     * Checks the list (linked both ways, holding exactly the pages that say they are on it), that it runs newest
     * first with every page still within the window, and that the space-time is summed to now.
     */
    @Override
    public void finish() {
        window.check();
        long newest = Long.MAX_VALUE;
        for (int page = window.head(RESIDENT); page != PageLists.NIL; page = window.next(page)) {
            if (lastAt[page] > newest || lastAt[page] <= vt - theta) {
                throw new IllegalStateException("page " + page + " last referenced at " + lastAt[page]
                        + " is out of place in the working set at VT " + vt);
            }
            newest = lastAt[page];
        }
        if (accountedTo != vt) {
            throw new IllegalStateException("space-time summed to " + accountedTo + ", not to VT " + vt);
        }
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return WindowMeasures.outcome(faults, writeBacks, spaceTime, vt - measuredAfter);
    }

    public long theta() {
        return theta;
    }
}
