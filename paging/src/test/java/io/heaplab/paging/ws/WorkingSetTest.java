package io.heaplab.paging.ws;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.PageTraces;
import io.heaplab.testkit.VariableMemoryContract;
import org.junit.jupiter.api.Test;

/**
 * The contract, and cases worked by hand. In the comments {@code W(t)} lists the working set after the reference at
 * time {@code t}, and a star marks a fault.
 */
class WorkingSetTest extends VariableMemoryContract {

    /** Times 1..8: w0 r1 r0 r2 r1 r3 r0 w1. */
    static final long[] SMALL = {write(0, 1), read(1, 1), read(0, 1), read(2, 1), read(1, 1), read(3, 1),
            read(0, 1), write(1, 1)};

    @Override
    protected PagingSimulator createWithWindow(long window) {
        return new WorkingSet(window);
    }

    static PagingOutcome.Faults ws(long theta, long... runs) {
        return (PagingOutcome.Faults) run(new WorkingSet(theta), runs);
    }

    static long spaceTime(PagingOutcome.Faults outcome) {
        return outcome.measures().get(WindowMeasures.SPACE_TIME).longValue();
    }

    @Test
    void aSmallStringWithAWindowOfTwo() {
        // theta 2: W(t) = pages referenced at t-1 and t.
        //  t1 w0*  W {0}        dirty 0
        //  t2 r1*  W {0,1}
        //  t3 r0   W {1,0}      gap 2 <= 2: a hit
        //  t4 r2*  W {0,2}      1 leaves at 2+2 = 4, clean
        //  t5 r1*  W {2,1}      0 leaves at 3+2 = 5, dirty: write-back 1; 1's gap 3 > 2: a fault
        //  t6 r3*  W {1,3}      2 leaves at 6
        //  t7 r0*  W {3,0}      gap 4; 1 leaves at 7
        //  t8 w1*  W {0,1}      gap 3; 3 leaves at 8; 1 dirty, but still in W at the end: not written back
        // faults 7; sizes 1+2+2+2+2+2+2+2 = 15, mean 15/8 = 1.875; 1 write-back
        PagingOutcome.Faults outcome = ws(2, SMALL);
        assertThat(outcome.faults()).isEqualTo(7);
        assertThat(outcome.measures()).containsExactly(
                java.util.Map.entry("writeBacks", 1L), java.util.Map.entry("meanResident", 1.875),
                java.util.Map.entry("spaceTime", 15L));
    }

    @Test
    void theSameStringWithAWindowOfThree() {
        // theta 3: W(t) = pages referenced at t-2 .. t.
        //  t1 w0* {0}  t2 r1* {0,1}  t3 r0 {0,1}  t4 r2* {1,0,2}  t5 r1 {0,2,1} (gap 3 <= 3)
        //  t6 r3* {2,1,3}: 0 leaves at 3+3 = 6, dirty: write-back 1
        //  t7 r0* {1,3,0} (gap 4): 2 leaves at 7
        //  t8 w1  {3,0,1} (gap 3): 1 stays dirty to the end: not written back
        // faults 5; sizes 1+2+2+3+3+3+3+3 = 20, mean 2.5; 1 write-back
        PagingOutcome.Faults outcome = ws(3, SMALL);
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(spaceTime(outcome)).isEqualTo(20);
        assertThat(outcome.measures().get("meanResident")).isEqualTo(2.5);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(1L);
    }

    @Test
    void aLongRunLetsTheOtherPagesLeaveWhileItLasts() {
        // theta 4. t1 w0*, t2 w1*, t3..t12 a run of 10 references to 2*, t13 r0*, t14 r1*.
        //  0 leaves at 1+4 = 5, 1 at 2+4 = 6, both dirty: 2 write-backs, during the run.
        //  sizes: t1 1, t2 2, t3 3, t4 3, t5 2 (0 gone), t6..t12 1 (1 gone): 7, t13 2, t14 3 -> 1+2+3+3+2+7+2+3 = 23
        //  0 and 1 come back clean (gap 12): faults 5, nothing more written back.
        PagingOutcome.Faults outcome = ws(4, write(0, 1), write(1, 1), read(2, 10), read(0, 1), read(1, 1));
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(spaceTime(outcome)).isEqualTo(23);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(2L);
    }

    @Test
    void aPageReferencedAgainExactlyThetaLaterStays() {
        // theta 2: 0 at t1, 1 at t2, 0 at t3: backward gap 2 = theta, 0 is still in W(2) = {0, 1}
        assertThat(ws(2, PageTraces.reads(0, 1, 0)).faults()).isEqualTo(2);
        // theta 1: the same reference has a gap of 2 > 1, a fault
        assertThat(ws(1, PageTraces.reads(0, 1, 0)).faults()).isEqualTo(3);
    }

    @Test
    void aMeasuredPhaseCountsOnlyTheMeasuredTimes() {
        // theta 3, SMALL split after t4: W(5..8) = {0,2,1} {2,1,3} {1,3,0} {3,0,1}: 12 page-references over 4;
        // 0 leaves dirty at 6, measured; faults at t6, t7.
        PagingSimulator ws = new WorkingSet(3);
        ws.accept(SMALL, 4);
        ws.startMeasuring();
        ws.accept(java.util.Arrays.copyOfRange(SMALL, 4, 8), 4);
        ws.finish();
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) ws.outcome();
        assertThat(outcome.faults()).isEqualTo(2);
        assertThat(spaceTime(outcome)).isEqualTo(12);
        assertThat(outcome.measures().get("meanResident")).isEqualTo(3.0);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(1L);
    }

    @Test
    void rejectsABadWindowAndNegativePages() {
        assertThatThrownBy(() -> new WorkingSet(0)).hasMessage("theta: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new WorkingSet(2).accept(PageTraces.reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }
}
