package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;

/**
 * Working-set faults, write-backs and mean working-set size at every {@link CurveGrid} window in one pass, from
 * the histograms of inter-reference gaps (Denning &amp; Schwartz 1972).
 *
 * <p>With window {@code w}, a reference faults when its backward gap exceeds {@code w}; the reference at time
 * {@code L} followed by the page's next one {@code g} references later holds the page in the working set at times
 * {@code L .. L + min(w, g) - 1}, and the page leaves at {@code L + w} when {@code g > w}. The trace's end acts as
 * a reference at {@code T + 1}: the last reference holds the page until {@code min(L + w - 1, T)}, and the page is
 * written back only if it leaves by {@code T}.
 *
 * <p>In a measured phase after time {@code S}, a reference at {@code L <= S} held the page at {@code S + 1 - L}
 * unmeasured times at most, so it adds {@code min(w, g) - min(w, S + 1 - L)}; its departure at {@code L + w} is
 * measured when {@code w >= S + 1 - L}.
 */
public final class WorkingSetCurve extends WindowCurve {

    @Override
    void reReferenced(WindowTally tally, long last, long gap, long level) {
        tally.clippedAt(gap, +1);
        long from = Math.max(level, 1);
        long measuredAfter = measuredAfter();
        if (last <= measuredAfter) {
            long unmeasured = measuredAfter + 1 - last;
            tally.clippedAt(unmeasured, -1);
            from = Math.max(from, unmeasured);
        }
        if (from < gap) {
            tally.writeBack(from, gap);
        }
    }

    @Override
    void ended(WindowTally tally, long last, long level) {
        reReferenced(tally, last, now() + 1 - last, level);
    }
}
