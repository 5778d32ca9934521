package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;

/**
 * VMIN faults, write-backs and mean resident size at every {@link CurveGrid} window in one pass (Prieve &amp;
 * Fabry 1976, computed as Denning &amp; Schwartz 1972 compute the working set's).
 *
 * <p>With window {@code w}, VMIN keeps a page after a reference at time {@code L} until its next reference if
 * that comes within {@code w} references ({@code g <= w}: resident at {@code L .. L + g - 1}), and otherwise
 * removes it right after the reference (resident at {@code L} only; it leaves at {@code L + 1}). It faults exactly
 * where the working set of the same window does. The page's last reference is never followed: the page leaves
 * after it, and a dirty one is written back then, even at the end of the trace.
 *
 * <p>In a measured phase after time {@code S}, a reference at {@code L <= S} adds only its measured times,
 * {@code L + g - 1 - S} when it keeps the page; its departure at {@code L + 1} is measured when {@code L >= S}.
 */
public final class VminCurve extends WindowCurve {

    @Override
    void reReferenced(WindowTally tally, long last, long gap, long level) {
        long measuredAfter = measuredAfter();
        if (last > measuredAfter) {
            // 1 at every window, and the rest of the gap where the gap fits the window
            tally.always(1);
            tally.upTo(gap, gap - 1);
        } else {
            tally.upTo(gap, last + gap - 1 - measuredAfter);
        }
        if (last >= measuredAfter && level < gap) {
            tally.writeBack(Math.max(level, 1), gap);
        }
    }

    @Override
    void ended(WindowTally tally, long last, long level) {
        long measuredAfter = measuredAfter();
        if (last > measuredAfter) {
            tally.always(1);
        }
        if (last >= measuredAfter && level != CLEAN) {
            tally.writeBackFrom(Math.max(level, 1));
        }
    }
}
