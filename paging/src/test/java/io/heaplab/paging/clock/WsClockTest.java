package io.heaplab.paging.clock;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The contract with a short window, so that pages leave the working set and get cleaned; and cases worked by
 * hand. In the comments a frame is [page, use, dirty, LR], VT counts references (the current one included), and
 * the hand starts on the last frame.
 */
class WsClockTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new WsClock(frames, 3);
    }

    static PagingOutcome.Faults wsclock(int frames, long theta, long... runs) {
        return (PagingOutcome.Faults) run(new WsClock(frames, theta), runs);
    }

    static Map<String, Number> measures(long writeBacks, double meanPointerTravel, long overcommitments) {
        return Map.of("writeBacks", writeBacks, "meanPointerTravel", meanPointerTravel,
                "overcommitments", overcommitments);
    }

    @Test
    void keepsRecentlyUsedPagesAndReplacesOnesOutsideTheWindow() {
        // 3 frames, theta 3, reads only.
        //  VT1 0*, VT2 1*, VT3 2* -> f0[0,1,_,1] f1[1,1,_,2] f2[2,1,_,3], hand f2
        //  VT4 3*: f0 use->0 LR4; f1 use->0 LR4; f2 use->0 LR4; full circuit, nothing replaceable, nothing to
        //          clean: overcommitment #1, oldest LR is a tie, first in scan order: f0. f0[3,1,_,4]. travel 3
        //  VT5-7 1 x3: f1 use=1
        //  VT8 4*: f1 use->0 LR8; f2 use=0, 8-4=4 >= 3, clean: replace page 2. f2[4,1,_,8]. travel 2
        //  VT9-10 3 x2: f0 use=1 (it still was)
        //  VT11 5*: f0 use->0 LR11; f1 use=0, 11-8=3 >= 3: replace page 1. f1[5,1,_,11]. travel 2
        //  VT12 1*: f2 use->0 LR12; f0 use=0 but 12-11=1 < 3: in the working set; f1 use->0 LR12;
        //          overcommitment #2, oldest LR is f0's 11: replace page 3. travel 3
        // faults 7; 4 scans, 3+2+2+3 = 10 frames: mean 2.5; no write-backs
        PagingOutcome.Faults outcome = wsclock(3, 3,
                read(0, 1), read(1, 1), read(2, 1), read(3, 1), read(1, 3), read(4, 1), read(3, 2), read(5, 1),
                read(1, 1));
        assertThat(outcome.faults()).isEqualTo(7);
        assertThat(outcome.measures()).isEqualTo(measures(0, 2.5, 2));
        assertThat(outcome.measures().keySet()).containsExactly("writeBacks", "meanPointerTravel", "overcommitments");
    }

    @Test
    void aDirtyReplaceablePageIsCleanedAndTakenOnTheNextCircuit() {
        // 3 frames, theta 1.
        //  VT1 0*, VT2 1* (write), VT3 2* -> f0[0,1,0,1] f1[1,1,1,2] f2[2,1,0,3], hand f2
        //  VT4 3*: f0, f1, f2 use->0 LR4 (f1 stays dirty); overcommitment, tie: f0 (clean). f0[3,1,0,4]. travel 3
        //  VT5 2: f2 use=1
        //  VT6 4*: f1 use=0, 6-4=2 >= 1 but dirty: schedule cleaning (write-back 1), dirty->0, go on;
        //          f2 use->0 LR6; f0 use->0 LR6; circuit done, cleaning pending: go on;
        //          f1 use=0, 6-4=2 >= 1, clean now: replace page 1. travel 4
        // faults 5; 2 scans, 3+4 = 7 frames: mean 3.5; 1 write-back; 1 overcommitment
        PagingOutcome.Faults outcome = wsclock(3, 1,
                read(0, 1), write(1, 1), read(2, 1), read(3, 1), read(2, 1), read(4, 1));
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(outcome.measures()).isEqualTo(measures(1, 3.5, 1));
    }

    @Test
    void overcommittedMemoryGivesUpTheOldestPageWritingItBackIfDirty() {
        // 2 frames, theta 100: nothing leaves the working set.
        //  VT1 0* (write), VT2 1* -> f0[0,1,1,1] f1[1,1,0,2], hand f1
        //  VT3 2*: f0 use->0 LR3; f1 use->0 LR3; overcommitment #1, tie: f0, dirty: write-back 1.
        //          f0[2,1,0,3]. travel 2
        //  VT4-6 2 x3 (write): f0 use=1 dirty=1
        //  VT7 3*: f1 use=0, 7-3=4 < 100: kept; f0 use->0 LR7; overcommitment #2, oldest LR: f1 (3 < 7),
        //          clean. f1[3,1,0,7]. travel 2
        //  VT8 4*: f0 use=0, 8-7=1 < 100: kept; f1 use->0 LR8; overcommitment #3, oldest: f0 (7 < 8), dirty:
        //          write-back 2. f0[4,1,0,8]. travel 2
        //  VT9 3 (write): f1 dirty, but the run ends: not a write-back
        // faults 5; 3 scans of 2 frames: mean 2.0; 2 write-backs; 3 overcommitments
        PagingOutcome.Faults outcome = wsclock(2, 100,
                write(0, 1), read(1, 1), read(2, 1), write(2, 3), read(3, 1), read(4, 1), write(3, 1));
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(outcome.measures()).isEqualTo(measures(2, 2.0, 3));
    }

    @Test
    void freeFramesAreTakenWithoutAScan() {
        PagingOutcome.Faults outcome = wsclock(4, 1, reads(0, 1, 2, 3, 0, 1, 2, 3));
        assertThat(outcome.faults()).isEqualTo(4);
        assertThat(outcome.measures()).isEqualTo(measures(0, 0.0, 0));
    }

    @Test
    void rejectsBadConfigurationsAndNegativePages() {
        assertThatThrownBy(() -> new WsClock(0, 5)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new WsClock(2, 0)).hasMessage("theta: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new WsClock(2, 5).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Provide
    Arbitrary<long[]> someTraces() {
        return PageTraces.traces(12, 300);
    }

    @Property(tries = 200)
    void whateverTheWindowAFrameForEveryPageFaultsOnlyOnFirstReferences(
            @ForAll("someTraces") long[] runs, @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long theta) {
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new WsClock(Math.max(1, distinctPages(runs)), theta),
                runs);
        assertThat(outcome.faults()).isEqualTo(distinctPages(runs));
        assertThat(outcome.measures()).isEqualTo(measures(0, 0.0, 0));
    }

    @Property(tries = 200)
    void measuresStayWithinWhatTheTraceAllows(@ForAll("someTraces") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 8) int frames,
                                              @ForAll @LongRange(min = 1, max = 50) long theta) {
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new WsClock(frames, theta), runs);
        long writes = java.util.Arrays.stream(runs).filter(PageRun::isWrite).count();
        // a write-back needs a dirty page, and only a write run dirties one
        assertThat(outcome.measures().get("writeBacks").longValue()).isBetween(0L, writes);
        // every scan travels at least one frame and at most two circuits
        double travel = outcome.measures().get("meanPointerTravel").doubleValue();
        if (outcome.faults() > frames) {
            assertThat(travel).isBetween(1.0, 2.0 * frames);
        }
        assertThat(outcome.measures().get("overcommitments").longValue())
                .isBetween(0L, Math.max(0, outcome.faults() - frames));
    }
}
