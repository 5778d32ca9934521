package io.heaplab.paging.pff;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageLists;
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
 * <p>Resident pages are kept in a list in the order of their last references (an intrusive {@link PageLists} of
 * one list, over arrays indexed by page; a page is resident while it is on the list), so those not referenced
 * since the last fault are the tail of it: removal costs O(1) per page removed, and each page is removed at most
 * once per load.
 *
 * <p>PFF is not a stack algorithm: its faults can rise with the threshold (Franklin, Graham &amp; Gupta 1978).
 * Measures: {@code writeBacks}, {@code meanResident}, {@code spaceTime}.
 */
public final class PageFaultFrequency implements PagingSimulator {

    private static final int RESIDENT = 0;

    private final long threshold;

    /** The resident pages, most recently referenced at the head. */
    private final PageLists resident = new PageLists("resident");
    /** Per page, as long as the list's capacity, so its length bounds all three. */
    private long[] lastAt = new long[resident.capacity()];
    private boolean[] dirty = new boolean[resident.capacity()];

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
            if (page < 0 || page >= dirty.length) {
                grow(page);
            }
            long start = vt + 1;
            if (resident.listOf(page) == RESIDENT) {
                resident.moveToHead(RESIDENT, page);
            } else {
                fault(page, start);
            }
            int count = PageRun.count(run);
            vt += count;
            lastAt[page] = vt;
            dirty[page] |= PageRun.isWrite(run);
            spaceTime += resident.size(RESIDENT) * (long) count;
        }
    }

    private void fault(int page, long time) {
        faults++;
        if (time - lastFault > threshold) {
            // referenced since the last fault means a last reference at or after it
            for (int tail = resident.tail(RESIDENT); tail != PageLists.NIL && lastAt[tail] < lastFault;
                    tail = resident.tail(RESIDENT)) {
                remove(tail);
            }
        }
        lastFault = time;
        dirty[page] = false;
        resident.pushHead(RESIDENT, page);
    }

    private void remove(int page) {
        resident.remove(page);
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
    }

    private void grow(int page) {
        resident.grow(page);
        lastAt = Arrays.copyOf(lastAt, resident.capacity());
        dirty = Arrays.copyOf(dirty, resident.capacity());
    }

    /** Forgets the counts; the resident set and the time of the last fault stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        spaceTime = 0;
        measuredAfter = vt;
    }

    /**
     * Checks the list (linked both ways, holding exactly the pages that say they are on it) and that it runs in
     * the order of their last references, newest first.
     */
    @Override
    public void finish() {
        resident.check();
        long newest = Long.MAX_VALUE;
        for (int page = resident.head(RESIDENT); page != PageLists.NIL; page = resident.next(page)) {
            if (lastAt[page] > newest) {
                throw new IllegalStateException("page " + page + " last referenced at " + lastAt[page]
                        + " is out of place in the resident set at VT " + vt);
            }
            newest = lastAt[page];
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

    public long threshold() {
        return threshold;
    }
}
