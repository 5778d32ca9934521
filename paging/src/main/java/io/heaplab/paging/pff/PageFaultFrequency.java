package io.heaplab.paging.pff;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import io.heaplab.paging.ws.WindowMeasures;
import java.util.Arrays;

/**
 * The page-fault-frequency policy with threshold {@code T} (Chu &amp; Opderbeck 1972).
 *
 * <p>The resident set changes only at faults. On a fault at time {@code t}, if more than {@code T} references
 * passed since the last fault ({@code t - lastFault > T}: faults are rare, memory can shrink), every resident page
 * not referenced since the last fault is removed first, dirty ones written back; then the page is loaded. Faults
 * closer together only grow the resident set. Before the first fault nothing is resident, so the first one grows
 * it whatever the threshold. Pages still resident when the trace ends are not written back.
 *
 * <p>Resident pages are kept in a list in the order of their last references, so those not referenced since the
 * last fault are the tail of it: removal costs O(1) per page removed, and each page is removed at most once per
 * load.
 *
 * <p>PFF is not a stack algorithm: its faults can rise with the threshold (Franklin, Graham &amp; Gupta 1978).
 * Measures: {@code writeBacks}, {@code meanResident}, {@code spaceTime}.
 */
public final class PageFaultFrequency implements PagingSimulator {

    private static final int NONE = -1;
    private static final int INITIAL_PAGES = 1024;

    private final long threshold;

    private long[] lastAt = new long[INITIAL_PAGES];
    private boolean[] resident = new boolean[INITIAL_PAGES];
    private boolean[] dirty = new boolean[INITIAL_PAGES];
    private int[] older = new int[INITIAL_PAGES];
    private int[] newer = new int[INITIAL_PAGES];
    private int head = NONE;
    private int tail = NONE;
    private int size;

    private long vt;
    private long lastFault;
    private long measuredAfter;

    private long faults;
    private long writeBacks;
    private long spaceTime;

    public PageFaultFrequency(long threshold) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold: " + threshold + " (expected: >= 1)");
        }
        this.threshold = threshold;
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
            if (resident[page]) {
                unlink(page);
            } else {
                fault(page, start);
            }
            int count = PageRun.count(run);
            vt += count;
            lastAt[page] = vt;
            dirty[page] |= PageRun.isWrite(run);
            pushHead(page);
            spaceTime += size * (long) count;
        }
    }

    private void fault(int page, long time) {
        faults++;
        if (time - lastFault > threshold) {
            // referenced since the last fault means a last reference at or after it
            while (tail != NONE && lastAt[tail] < lastFault) {
                remove(tail);
            }
        }
        lastFault = time;
        resident[page] = true;
        dirty[page] = false;
        size++;
    }

    private void remove(int page) {
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

    /** Forgets the counts; the resident set and the time of the last fault stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        spaceTime = 0;
        measuredAfter = vt;
    }

    /** Checks that the list holds exactly the resident pages, in the order of their last references. */
    @Override
    public void finish() {
        int listed = 0;
        long newest = Long.MAX_VALUE;
        for (int page = head; page != NONE; page = older[page]) {
            listed++;
            if (!resident[page] || lastAt[page] > newest || listed > size) {
                throw new IllegalStateException("page " + page + " last referenced at " + lastAt[page]
                        + " is out of place in the resident set at VT " + vt);
            }
            newest = lastAt[page];
        }
        int flagged = 0;
        for (boolean r : resident) {
            flagged += r ? 1 : 0;
        }
        if (listed != size || flagged != size) {
            throw new IllegalStateException(listed + " pages listed, " + flagged + " resident, size " + size);
        }
    }

    @Override
    public PagingOutcome outcome() {
        return WindowMeasures.outcome(faults, writeBacks, spaceTime, vt - measuredAfter);
    }

    public long threshold() {
        return threshold;
    }
}
