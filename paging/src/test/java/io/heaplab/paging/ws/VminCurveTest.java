package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;
import static io.heaplab.paging.ws.WorkingSetTest.SMALL;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.VariableMemoryContract;
import org.junit.jupiter.api.Test;

/** The contract read off the VMIN curve; the small string's curve worked by hand. */
class VminCurveTest extends VariableMemoryContract {

    @Override
    protected PagingSimulator createWithWindow(long window) {
        return new VminCurve();
    }

    @Override
    protected long writeBacksWithAWindowLongerThanTheTrace(long[] runs) {
        return writtenPages(runs);
    }

    @Override
    protected boolean measuresAddUp() {
        return false;
    }

    @Override
    protected long exactWindowAtLeast(long window) {
        return CurveGrid.point(CurveGrid.index(window));
    }

    @Test
    void theSmallStringGivesItsCurve() {
        // times 1..8: w0 r1 r0 r2 r1 r3 r0 w1; forward gaps 0@1 2, 1@2 3, 0@3 4, 1@5 3, the rest none.
        //  faults as the working set's: 8, 7, 5, 4 for tau = 1..4
        //  space-time(tau) = 8 references + sum of (g - 1) over gaps g <= tau: 8, 9, 9+2+2 = 13, 13+3 = 16
        //  write-backs: 0, dirty since t1, leaves dirty once at every tau (after t1, t3 or t7); 1, written at
        //  t8, leaves after it: 2 at every tau. Page 0's level reaches 4 (gaps 2 then 4 since its write): the
        //  curve runs to window 4.
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(new VminCurve(), SMALL);
        assertThat(curve.sizes()).containsExactly(1, 2, 3, 4);
        assertThat(curve.faults()).containsExactly(8, 7, 5, 4);
        assertThat(curve.writeBacks()).containsExactly(2, 2, 2, 2);
        assertThat(curve.meanResident()).containsExactly(1.0, 1.125, 1.625, 2.0);
    }
}
