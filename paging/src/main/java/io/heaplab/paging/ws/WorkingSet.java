package io.heaplab.paging.ws;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
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
 * <p>The working set is a list of its pages in the order of their last references, the oldest at the tail: pages
 * leave from the tail, in the order of their departure times. Between two departures the size is constant, so the
 * space-time (the size summed over the references) grows by size times interval, and a run of two billion
 * references costs as little as one. Each page enters the list once per fault and leaves once: O(1) amortized per
 * run.
 *
 * <p>Measures: {@code writeBacks}, {@code meanResident} ({@code |W(t, theta)|} averaged over the measured
 * references) and {@code spaceTime}, its sum.
 */
public final class WorkingSet implements PagingSimulator {

    private static final int NONE = -1;
    private static final int INITIAL_PAGES = 1024;

    private final long theta;

    private long[] lastAt = new long[INITIAL_PAGES];
    private boolean[] resident = new boolean[INITIAL_PAGES];
    private boolean[] dirty = new boolean[INITIAL_PAGES];
    /** Toward the tail: the page referenced before; {@link #NONE} at the tail. */
    private int[] older = new int[INITIAL_PAGES];
    /** Toward the head: the page referenced after; {@link #NONE} at the head. */
    private int[] newer = new int[INITIAL_PAGES];
    private int head = NONE;
    private int tail = NONE;
    private int size;

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
            if (page < 0 || page >= lastAt.length) {
                grow(page);
            }
            long start = vt + 1;
            // whoever left by now left before this reference
            advanceTo(start - 1);
            if (resident[page]) {
                unlink(page);
            } else {
                faults++;
                resident[page] = true;
                dirty[page] = false;
                size++;
            }
            vt += PageRun.count(run);
            lastAt[page] = vt;
            dirty[page] |= PageRun.isWrite(run);
            pushHead(page);
            // the run's own references: the page is at the head, others may leave during a long run
            advanceTo(vt);
        }
    }

    /** Sums the space-time to {@code time}, removing the pages that leave by then in the order they leave. */
    private void advanceTo(long time) {
        // a page leaves at lastAt + theta <= time; written so that a huge theta cannot overflow
        while (tail != NONE && lastAt[tail] <= time - theta) {
            long leaves = lastAt[tail] + theta;
            spaceTime += size * (leaves - 1 - accountedTo);
            accountedTo = leaves - 1;
            leave(tail);
        }
        spaceTime += size * (time - accountedTo);
        accountedTo = time;
    }

    private void leave(int page) {
        unlink(page);
        resident[page] = false;
        size--;
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
    }

    private void unlink(int page) {
        int o = older[page];
        int n = newer[page];
        if (o == NONE) {
            tail = n;
        } else {
            newer[o] = n;
        }
        if (n == NONE) {
            head = o;
        } else {
            older[n] = o;
        }
    }

    private void pushHead(int page) {
        older[page] = head;
        newer[page] = NONE;
        if (head == NONE) {
            tail = page;
        } else {
            newer[head] = page;
        }
        head = page;
    }

    private void grow(int page) {
        int length = PageTables.grownLength(lastAt.length, page);
        lastAt = Arrays.copyOf(lastAt, length);
        resident = Arrays.copyOf(resident, length);
        dirty = Arrays.copyOf(dirty, length);
        older = Arrays.copyOf(older, length);
        newer = Arrays.copyOf(newer, length);
    }

    /** Forgets the counts; the working set stays as it is. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        spaceTime = 0;
        measuredAfter = vt;
    }

    /** Checks that the list holds exactly the resident pages, newest first, all still within the window. */
    @Override
    public void finish() {
        int listed = 0;
        long newest = Long.MAX_VALUE;
        for (int page = head; page != NONE; page = older[page]) {
            listed++;
            if (!resident[page] || lastAt[page] > newest || lastAt[page] <= vt - theta || listed > size) {
                throw new IllegalStateException("page " + page + " last referenced at " + lastAt[page]
                        + " is out of place in the working set at VT " + vt);
            }
            newest = lastAt[page];
        }
        int flagged = 0;
        for (boolean r : resident) {
            flagged += r ? 1 : 0;
        }
        if (listed != size || flagged != size || accountedTo != vt) {
            throw new IllegalStateException(listed + " pages listed, " + flagged + " resident, size " + size);
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
