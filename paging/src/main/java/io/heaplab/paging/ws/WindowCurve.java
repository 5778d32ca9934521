package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;
import io.heaplab.core.spi.FaultsOnGrid;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;

/**
 * One pass over the references of a window policy that gives its curve at every {@link CurveGrid} window
 * (Denning &amp; Schwartz 1972): the working set and VMIN differ only in how a gap between two references to a page
 * holds the page resident and when the page leaves.
 *
 * <p>Per page it keeps the time of its last reference and its dirty <i>level</i>. A page's residency at window
 * {@code w} breaks at each reference whose backward gap exceeds {@code w} (a fault), and at the end of the trace;
 * the page is dirty when a break ends a residency if it was written during it, that is if no gap between its last
 * write and the break exceeds {@code w}. So the windows at which it is dirty are those of at least
 * <pre>
 *   level = max(backward gaps of its references since its last write)    (0 just after a write)
 * </pre>
 * ({@link #CLEAN}, none, before its first write), and a break by a gap {@code b} writes it back at the windows
 * {@code level <= w < b}: one step up and one down in the write-back histogram. After the break the level is at
 * least {@code b}: clean at the windows that just wrote it back, still dirty at the wider ones, where it stayed.
 * When a measured phase began, the departure's time bounds those windows further.
 *
 * <p>{@link #outcome()} reads the curve as if the trace ended now: the page's last references are settled on a
 * copy of the histograms, so the analyzer can go on.
 */
abstract sealed class WindowCurve implements PagingSimulator, FaultsOnGrid permits WorkingSetCurve, VminCurve {

    /** The level of a page not written since it was first referenced: dirty at no window. */
    static final long CLEAN = Long.MAX_VALUE;
    private static final int INITIAL_PAGES = 1024;
    private static final long NEVER = 0;

    /** The time of each page's last reference, the last of its run's; {@link #NEVER} before the first. */
    private long[] lastAt = new long[INITIAL_PAGES];
    private long[] level = new long[INITIAL_PAGES];
    private int distinct;

    private final WindowTally tally = new WindowTally();
    private long vt;
    /** The time of the last reference before the measured phase; 0 without one. */
    private long measuredAfter;
    private long measuredRuns;

    @Override
    public final void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= lastAt.length) {
                grow(page);
            }
            long start = vt + 1;
            long last = lastAt[page];
            if (last == NEVER) {
                distinct++;
                tally.firstReference();
                level[page] = CLEAN;
            } else {
                long gap = start - last;
                tally.reReference(gap);
                reReferenced(tally, last, gap, level[page]);
                level[page] = Math.max(level[page], gap);
            }
            if (PageRun.isWrite(run)) {
                level[page] = 0;
            }
            int count = PageRun.count(run);
            // the references inside the run have gaps of 1: resident at every window, and never a fault
            tally.always(count - 1L);
            vt += count;
            lastAt[page] = vt;
            measuredRuns++;
        }
    }

    /**
     * The page's reference at {@code last} is followed, {@code gap} references later, by the next: record how long
     * it stays resident and whether a break here writes it back. A level of {@link #CLEAN} is dirty at no window.
     */
    abstract void reReferenced(WindowTally tally, long last, long gap, long level);

    /** The page's reference at {@code last} is its last so far: settle it as if the trace ended now. */
    abstract void ended(WindowTally tally, long last, long level);

    /** The time of the last reference so far, which is the number of references. */
    final long now() {
        return vt;
    }

    /** The time of the last reference before the measured phase (0 without one): later times are measured. */
    final long measuredAfter() {
        return measuredAfter;
    }

    /** Forgets the histograms; the pages' last references and levels stay, so gaps span the start. */
    @Override
    public final void startMeasuring() {
        tally.clear();
        measuredAfter = vt;
        measuredRuns = 0;
    }

    private void grow(int page) {
        int length = PageTables.grownLength(lastAt.length, page);
        lastAt = Arrays.copyOf(lastAt, length);
        level = Arrays.copyOf(level, length);
    }

    /** The histograms with every page's last reference settled at the current time. */
    private WindowTally settled() {
        WindowTally settled = tally.copy();
        if (distinct > 0) {
            // VMIN's curve can be flat from window 1 on; it still has that point
            settled.reach(1);
        }
        for (int page = 0; page < lastAt.length; page++) {
            if (lastAt[page] != NEVER) {
                ended(settled, lastAt[page], level[page]);
            }
        }
        return settled;
    }

    @Override
    public final PagingOutcome.Curve outcome() {
        return settled().curve(vt - measuredAfter);
    }

    /** Nothing to start: the gaps' histogram on the grid is the curve's own. */
    @Override
    public final void keepFaultsOnGrid() {
    }

    /** The faults so far, which the pages' last references do not change: no settling needed. */
    @Override
    public final long[] faultsOnGrid() {
        long[] faults = tally.faults();
        return faults.length > 0 ? faults : new long[] {tally.firsts()};
    }

    /** The space-time, exact in page-references, at each window of the {@link #outcome()} curve. */
    public final long[] spaceTimes() {
        return settled().spaceTimes();
    }

    /**
     * Checks that every measured run was counted once, that the faults fall to the first references and never
     * rise with the window, that no write-back count is negative, and that the resident pages stay between one
     * and every page at each point.
     */
    @Override
    public final void finish() {
        WindowTally settled = settled();
        long[] faults = settled.faults();
        long[] spaceTimes = settled.spaceTimes();
        long[] writeBacks = settled.writeBacks();
        long references = vt - measuredAfter;
        if (settled.runs() != measuredRuns) {
            throw new IllegalStateException(settled.runs() + " references counted of " + measuredRuns + " runs");
        }
        if (faults.length > 0 && faults[faults.length - 1] != settled.firsts()) {
            throw new IllegalStateException("faults " + Arrays.toString(faults) + " do not fall to the "
                    + settled.firsts() + " first references");
        }
        for (int i = 0; i < faults.length; i++) {
            if (i > 0 && faults[i] > faults[i - 1]) {
                throw new IllegalStateException("faults rise at window " + CurveGrid.point(i) + ": "
                        + Arrays.toString(faults));
            }
            if (writeBacks[i] < 0) {
                throw new IllegalStateException(writeBacks[i] + " write-backs at window " + CurveGrid.point(i));
            }
            if (spaceTimes[i] < references || spaceTimes[i] > distinct * references) {
                throw new IllegalStateException("space-time " + spaceTimes[i] + " at window " + CurveGrid.point(i)
                        + " outside [" + references + ", " + distinct + " * " + references + "]");
            }
        }
    }
}
