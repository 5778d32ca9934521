package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;
import static io.heaplab.paging.ws.WorkingSetTest.SMALL;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import io.heaplab.testkit.VariableMemoryContract;
import org.junit.jupiter.api.Test;

/** The contract read off the curve at each window it asks about; the small string's curve worked by hand. */
class WorkingSetCurveTest extends VariableMemoryContract {

    @Override
    protected PagingSimulator createWithWindow(long window) {
        return new WorkingSetCurve();
    }

    @Override
    protected long exactWindowAtLeast(long window) {
        return CurveGrid.point(CurveGrid.index(window));
    }

    @Test
    void theSmallStringGivesItsCurve() {
        // times 1..8: w0 r1 r0 r2 r1 r3 r0 w1; backward gaps 0@3 2, 1@5 3, 0@7 4, 1@8 3, four first references
        //  faults(w) = 4 + #{gaps > w}: w=1 8, w=2 7, w=3 5, w=4 4
        //  forward gaps g (to the next reference, or to T + 1 = 9 at the end): 0@1 2, 1@2 3, 0@3 4, 2@4 5, 1@5 3,
        //  3@6 3, 0@7 2, 1@8 1; space-time(w) = sum of min(w, g): 8, 15, 20, 22, 23 for w = 1..5
        //  write-backs: 0 is dirty from t1 (level 0, then 2, then 4 after its gaps); it leaves at 1 + w <= 3 for
        //  w <= 1 (then it is back clean), at 3 + w <= 7 for w <= 3; from w = 4 it stays to the end: 1,1,1,0,0.
        //  1, written at t8, is still in the working set at the end at every window.
        //  The largest gap is 5 (page 2's, to the end): the curve stops at window 5.
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(new WorkingSetCurve(), SMALL);
        assertThat(curve.axis()).isEqualTo(PagingOutcome.Curve.Axis.WINDOW);
        assertThat(curve.sizes()).containsExactly(1, 2, 3, 4, 5);
        assertThat(curve.faults()).containsExactly(8, 7, 5, 4, 4);
        assertThat(curve.writeBacks()).containsExactly(1, 1, 1, 0, 0);
        assertThat(curve.meanResident()).containsExactly(1.0, 1.875, 2.5, 2.75, 2.875);
        assertThat(curve.references()).isEqualTo(8);
        assertThat(curve.faultsAt(1000)).isEqualTo(4);
    }

    @Test
    void aGapLongerThanTheDenseGridEndsTheCurveAtTheGridPointThatCoversIt() {
        // 0, then 1 for 300 references, then 0 again: backward gap 301, in the bucket (288, 304]
        long[] runs = {PageTraces.read(0, 1), PageTraces.read(1, 300), PageTraces.read(0, 1)};
        WorkingSetCurve analyzer = new WorkingSetCurve();
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(analyzer, runs);
        long[] sizes = curve.sizes();
        assertThat(sizes[sizes.length - 1]).isEqualTo(304);
        assertThat(curve.faultsAt(300)).isEqualTo(3);
        assertThat(curve.faultsAt(304)).isEqualTo(2);
        // at 304: 0 is resident at t1..t302 (302 of them), 1 at t2..t302 (301): 603
        assertThat(analyzer.spaceTimes()[sizes.length - 1]).isEqualTo(603);
    }

    @Test
    void runsOfTwoBillionReferencesAreGapsLikeAnyOther() {
        long[] runs = {PageTraces.write(0, 1), PageTraces.read(1, PageRun.MAX_COUNT), PageTraces.read(1, PageRun.MAX_COUNT),
                PageTraces.read(0, 1)};
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(new WorkingSetCurve(), runs);
        long gap = 2L * PageRun.MAX_COUNT + 1;
        assertThat(curve.faultsAt(gap - 1)).isEqualTo(3);
        assertThat(curve.writeBacks()[curve.indexAt(gap - 1)]).isEqualTo(1);
        assertThat(curve.sizes()[curve.points() - 1]).isGreaterThanOrEqualTo(gap);
        assertThat(curve.faultsAt(Long.MAX_VALUE)).isEqualTo(2);
    }
}
