package io.heaplab.paging.pff;

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
 * The contract with the threshold as the window, and cases worked by hand. In the comments {@code R} is the
 * resident set after the reference, {@code lf} the time of the last fault, and a star marks a fault.
 */
class PageFaultFrequencyTest extends VariableMemoryContract {

    /** Times 1..8: w0 r1 r0 r2 r1 r3 r0 w1, as in the working-set tests. */
    static final long[] SMALL = {write(0, 1), read(1, 1), read(0, 1), read(2, 1), read(1, 1), read(3, 1),
            read(0, 1), write(1, 1)};

    @Override
    protected PagingSimulator createWithWindow(long threshold) {
        return new PageFaultFrequency(threshold);
    }

    /** PFF is no stack algorithm; {@link #aLargerThresholdCanCauseMoreFaults()} shows it. */
    @Override
    protected boolean faultsNeverRiseWithTheWindow() {
        return false;
    }

    static PagingOutcome.Faults pff(long threshold, long... runs) {
        return (PagingOutcome.Faults) run(new PageFaultFrequency(threshold), runs);
    }

    @Test
    void theSmallStringWithAThresholdOfOne() {
        //  t1 w0*  1 - 0 = 1 <= 1: grow          R {0}        lf 1
        //  t2 r1*  2 - 1 = 1: grow               R {0,1}      lf 2
        //  t3 r0                                 R {0,1}
        //  t4 r2*  4 - 2 = 2 > 1: drop what was not referenced at 2..3: nothing (0 at 3, 1 at 2)
        //                                        R {0,1,2}    lf 4
        //  t5 r1                                 R {0,1,2}
        //  t6 r3*  6 - 4 = 2 > 1: drop 0 (last referenced at 3 < 4), dirty: write-back 1
        //                                        R {1,2,3}    lf 6
        //  t7 r0*  7 - 6 = 1: grow               R {1,2,3,0}  lf 7
        //  t8 w1                                 R {1,2,3,0}  1 dirty at the end: not written back
        // faults 5; sizes 1+2+2+3+3+3+4+4 = 22, mean 2.75; 1 write-back
        PagingOutcome.Faults outcome = pff(1, SMALL);
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(outcome.measures()).containsExactly(
                java.util.Map.entry("writeBacks", 1L), java.util.Map.entry("meanResident", 2.75),
                java.util.Map.entry("spaceTime", 22L));
    }

    @Test
    void theSmallStringWithAThresholdOfTwoNeverShrinks() {
        // faults at t1, t2, t4, t6, 2 references apart at most: memory only grows. Faults 4, the first
        // references; sizes 1+2+2+3+3+4+4+4 = 23
        PagingOutcome.Faults outcome = pff(2, SMALL);
        assertThat(outcome.faults()).isEqualTo(4);
        assertThat(outcome.measures().get("spaceTime")).isEqualTo(23L);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(0L);
    }

    @Test
    void aLargerThresholdCanCauseMoreFaults() {
        // times: 2@1, 0@2..4, 4@5..6, 2@7..8, 1@9..12, 0@13..15, 4@16
        // threshold 2: t1 2* {2} lf 1; t2 0* {2,0} lf 2; t5 4*: 5 - 2 = 3 > 2, drop 2 (last at 1 < 2) {0,4} lf 5;
        //   t7 2*: 7 - 5 = 2, grow {0,4,2} lf 7; t9 1*: 9 - 7 = 2, grow {0,4,2,1}; t13 0, t16 4 hit: 5 faults
        // threshold 3: t1 2*, t2 0*; t5 4*: 5 - 2 = 3, grow {2,0,4} lf 5; t7 2 hit;
        //   t9 1*: 9 - 5 = 4 > 3, drop 0 (last at 4 < 5) {4,2,1} lf 9;
        //   t13 0*: 13 - 9 = 4 > 3, drop 4 (6) and 2 (8) {1,0} lf 13; t16 4*: 16 - 13 = 3, grow: 6 faults
        // (Franklin, Graham & Gupta 1978 show such anomalies of PFF)
        long[] runs = {read(2, 1), read(0, 3), read(4, 2), read(2, 2), read(1, 4), read(0, 3), read(4, 1)};
        assertThat(pff(2, runs).faults()).isEqualTo(5);
        assertThat(pff(3, runs).faults()).isEqualTo(6);
    }

    @Test
    void rejectsABadThresholdAndNegativePages() {
        assertThatThrownBy(() -> new PageFaultFrequency(0)).hasMessage("threshold: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new PageFaultFrequency(2).accept(PageTraces.reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }
}
