package io.heaplab.paging.clock;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.fifo.Fifo;
import io.heaplab.testkit.FixedMemoryContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract, and cases worked by hand. In the comments frames are listed f0 f1 f2 as page(use bit), d marks
 * a dirty page, h is the frame the hand rests on (the last one replaced; it starts on the last frame).
 */
class ClockTest extends FixedMemoryContract {

    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new Clock(frames);
    }

    static PagingOutcome.Faults clock(int frames, long... runs) {
        return (PagingOutcome.Faults) run(new Clock(frames), runs);
    }

    @Test
    void theClassicStringFaultsFourteenTimesInThreeFrames() {
        //  7* 0* 1* fill in order               7(1) 0(1) 1(1)  h f2
        //  2*: clears f0 f1 f2, replaces f0     2(1) 0(0) 1(0)  h f0  travel 4
        //  0 : use                              2(1) 0(1) 1(0)
        //  3*: clears f1, replaces f2           2(1) 0(0) 3(1)  h f2  travel 2
        //  0 : use                              2(1) 0(1) 3(1)
        //  4*: clears f0 f1 f2, replaces f0     4(1) 0(0) 3(0)  h f0  travel 4
        //  2*: replaces f1                      4(1) 2(1) 3(0)  h f1  travel 1
        //  3 : use                              4(1) 2(1) 3(1)
        //  0*: clears f2 f0 f1, replaces f2     4(0) 2(0) 0(1)  h f2  travel 4
        //  3*: replaces f0                      3(1) 2(0) 0(1)  h f0  travel 1
        //  2 : use                              3(1) 2(1) 0(1)
        //  1*: clears f1 f2 f0, replaces f1     3(0) 1(1) 0(0)  h f1  travel 4
        //  2*: replaces f2                      3(0) 1(1) 2(1)  h f2  travel 1
        //  0*: replaces f0                      0(1) 1(1) 2(1)  h f0  travel 1
        //  1 : use
        //  7*: clears f1 f2 f0, replaces f1     0(0) 7(1) 2(0)  h f1  travel 4
        //  0 : use                              0(1) 7(1) 2(0)
        //  1*: replaces f2                      0(1) 7(1) 1(1)  h f2  travel 1
        // -> 14 faults (FIFO 15, LRU 12); 11 scans travel 27 frames
        PagingOutcome.Faults outcome = clock(3, reads(CLASSIC));
        assertThat(outcome.faults()).isEqualTo(14);
        assertThat(outcome.measures().get("meanPointerTravel").doubleValue()).isCloseTo(27.0 / 11, within(1e-12));
        assertThat(outcome.measures().keySet()).containsExactly(PagingOutcome.WRITE_BACKS, "meanPointerTravel");
    }

    @Test
    void aPageUsedSinceTheHandPassedGetsASecondChanceThatFifoWouldNotGive() {
        //  0* 1* 2* fill                        0(1) 1(1) 2(1)  h f2
        //  3*: clears f0 f1 f2, replaces f0     3(1) 1(0) 2(0)  h f0
        //  1 : use                              3(1) 1(1) 2(0)
        //  4*: clears f1, replaces f2           3(1) 1(0) 4(1)  h f2
        //  1 : hit                              -> 5 faults
        // FIFO evicts 1, the oldest, at 4 and faults on it again: 6
        long[] runs = reads(0, 1, 2, 3, 1, 4, 1);
        assertThat(clock(3, runs).faults()).isEqualTo(5);
        assertThat(((PagingOutcome.Faults) run(new Fifo(3), runs)).faults()).isEqualTo(6);
    }

    @Test
    void aDirtyVictimIsWrittenBackAtOnce() {
        // 2 frames:
        //  W0* R1*                 0(1)d 1(1)     h f1
        //  R0 : use
        //  R2*: clears f0 f1, f0 0(0) dirty: replaced, write-back 1   2(1) 1(0)  h f0  travel 3
        //  W1 : use, dirty         2(1) 1(1)d
        //  R3*: clears f1 f0, f1 1(0) dirty: replaced, write-back 2   2(0) 3(1)  h f1  travel 3
        //  R2 : use                2(1) 3(1)
        //  R4*: clears f0 f1, f0 2(0) clean: replaced                 4(1) 3(0)  h f0  travel 3
        // -> 5 faults, 2 write-backs, 3 scans of 3 frames each
        PagingOutcome.Faults outcome = clock(2, write(0, 1), read(1, 1), read(0, 1), read(2, 1), write(1, 1),
                read(3, 1), read(2, 1), read(4, 1));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(5,
                Map.of(PagingOutcome.WRITE_BACKS, 2L, "meanPointerTravel", 3.0)));
    }

    @Test
    void freeFramesAreTakenWithoutAScan() {
        assertThat(clock(4, reads(0, 1, 2, 3, 0, 1, 2, 3)).measures().get("meanPointerTravel")).isEqualTo(0.0);
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Clock(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Clock(1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Test
    void loadedWithItsBitClearAsLibCacheSimDoesTheClassicStringFaultsElevenTimes() {
        // a page is loaded at 0 and only references after the faulting one set its bit
        //  7* 0* 1*                                 7(0) 0(0) 1(0)  h f2
        //  2*: replaces f0                          2(0) 0(0) 1(0)  h f0  travel 1
        //  0 : use                                  2(0) 0(1) 1(0)
        //  3*: clears f1, replaces f2               2(0) 0(0) 3(0)  h f2  travel 2
        //  0 : use                                  2(0) 0(1) 3(0)
        //  4*: replaces f0                          4(0) 0(1) 3(0)  h f0  travel 1
        //  2*: clears f1, replaces f2               4(0) 0(0) 2(0)  h f2  travel 2
        //  3*: replaces f0                          3(0) 0(0) 2(0)  h f0  travel 1
        //  0 3 2: use                               3(1) 0(1) 2(1)
        //  1*: clears f1 f2 f0, replaces f1         3(0) 1(0) 2(0)  h f1  travel 4
        //  2 : use                                  3(0) 1(0) 2(1)
        //  0*: clears f2, replaces f0               0(0) 1(0) 2(0)  h f0  travel 2
        //  1 : use                                  0(0) 1(1) 2(0)
        //  7*: clears f1, replaces f2               0(0) 1(0) 7(0)  h f2  travel 2
        //  0 1: use
        // -> 11 faults (the paper's CLOCK: 14); 8 scans travel 15 frames
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new Clock(3, 1, false), reads(CLASSIC));
        assertThat(outcome.faults()).isEqualTo(11);
        assertThat(outcome.measures().get("meanPointerTravel").doubleValue()).isCloseTo(15.0 / 8, within(1e-12));
    }

    @Test
    void gclockKeepsAPageReferencedOftenThroughASweepThatTakesAOneBitPage() {
        // two frames; page 0 is referenced three times (one run), page 1 once, then page 2 faults
        //  bits 2: 0(3) 1(1); 2*: 0->2, 1->0, 0->1, replaces f1: 0(1) 2(1)  travel 4
        //  bits 1: 0(1) 1(1); 2*: 0->0, 1->0, replaces f0:       2(1) 1(0)  travel 3
        // so a reference to 0 next hits under GCLOCK and faults under CLOCK
        long[] string = {references(0, 3), references(1, 1), references(2, 1), references(0, 1)};
        assertThat(((PagingOutcome.Faults) run(new Clock(2, 2, true), string)).faults()).isEqualTo(3);
        assertThat(((PagingOutcome.Faults) run(new Clock(2, 1, true), string)).faults()).isEqualTo(4);
        // the counter saturates at 2^k - 1: a run of a thousand references survives only three sweeps
        long[] saturated = {references(0, 1000), references(1, 1), references(2, 1), references(3, 1), references(4, 1), references(0, 1)};
        //  0(3) 1(1); 2*: 0->2 1->0 0->1, replaces f1: 0(1) 2(1); 3*: 0->0 2->0, replaces f0: 3(1) 2(0)
        assertThat(((PagingOutcome.Faults) run(new Clock(2, 2, true), saturated)).faults()).isEqualTo(6);
        assertThatThrownBy(() -> new Clock(2, 17, true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bits 17 (expected: 1 to 16)");
    }

    private static long references(int page, int count) {
        return io.heaplab.core.trace.PageRun.pack(page, count, false);
    }
}
