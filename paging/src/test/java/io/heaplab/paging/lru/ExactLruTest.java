package io.heaplab.paging.lru;

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
import io.heaplab.paging.stack.CurveCheck;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ExactLruTest extends FixedMemoryContract {

    /** The textbook string (Silberschatz & Galvin); its stack distances are worked out in LruStackDistanceTest. */
    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new ExactLru(frames);
    }

    static long lruFaults(int frames, long[] runs) {
        return ((PagingOutcome.Faults) run(new ExactLru(frames), runs)).faults();
    }

    @Test
    void theClassicStringFaultsTwelveTimesInThreeFrames() {
        // 3 frames, memory MRU first after each reference (* = fault):
        //  7*[7]  0*[0 7]  1*[1 0 7]  2*[2 1 0]  0 [0 2 1]  3*[3 0 2]  0 [0 3 2]  4*[4 0 3]  2*[2 4 0]  3*[3 2 4]
        //  0*[0 3 2]  3 [3 0 2]  2 [2 3 0]  1*[1 2 3]  2 [2 1 3]  0*[0 2 1]  1 [1 0 2]  7*[7 1 0]  0 [0 7 1]
        //  1 [1 0 7]                                                    -> 12 faults
        assertThat(lruFaults(3, reads(CLASSIC))).isEqualTo(12);
        // with 4 frames only 2 re-references miss (distances 5 and 6): 6 first references + 2 = 8
        assertThat(lruFaults(4, reads(CLASSIC))).isEqualTo(8);
    }

    @Test
    void aLoopOneLargerThanMemoryFaultsEveryTime() {
        // 0 1 2 0 1 2 in 2 frames: each page was evicted two references before it comes back
        assertThat(lruFaults(2, reads(0, 1, 2, 0, 1, 2))).isEqualTo(6);
        assertThat(lruFaults(3, reads(0, 1, 2, 0, 1, 2))).isEqualTo(3);
    }

    @Test
    void evictsTheLeastRecentlyUsedNotTheFirstLoaded() {
        // 2 frames: 0* 1* 0 2* (evicts 1, not 0) 0 1* (evicts 2) -> 4 faults; FIFO would give 5
        assertThat(lruFaults(2, reads(0, 1, 0, 2, 0, 1))).isEqualTo(4);
    }

    @Test
    void sparsePageIdsGrowTheTables() {
        assertThat(lruFaults(2, reads(5_000_000, 3, 5_000_000, 70_000, 3))).isEqualTo(4);
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new ExactLru(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new ExactLru(1).accept(reads(-3), 1)).hasMessage("page: -3 (expected: >= 0)");
    }

    @Provide
    Arbitrary<long[]> smallTraces() {
        return PageTraces.traces(20, 400);
    }

    /** Inclusion: LRU memory of f frames is always the top f of the stack, so more frames never fault more. */
    @Property(tries = 100)
    void moreFramesNeverFaultMore(@ForAll("smallTraces") long[] runs) {
        long before = Long.MAX_VALUE;
        for (int frames = 1; frames <= distinctPages(runs) + 1; frames++) {
            long faults = lruFaults(frames, runs);
            assertThat(faults).as("%d frames", frames).isLessThanOrEqualTo(before);
            before = faults;
        }
    }

    @Test
    void aDirtyPageIsWrittenBackWhenItLeavesAndNotAtTheEnd() {
        // 2 frames, memory MRU first (d = dirty, * = fault):
        //  W0*[0d]  R1*[1 0d]  R2*[2 1] 0 leaves dirty: write-back 1  W1 [1d 2]  R0*[0 1d] 2 leaves clean
        //  R2*[2 0] 1 leaves dirty: write-back 2  W2 [2d 0]  R1*[1 2d] 0 leaves clean; 2 is still dirty at the
        //  end: not counted -> 6 faults, 2 write-backs
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new ExactLru(2), new long[] {
            write(0, 1), read(1, 1), read(2, 1), write(1, 1), read(0, 1), read(2, 1), write(2, 1), read(1, 1)});
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(6, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void theMeasuredPhaseForgetsEarlierWriteBacksButKeepsTheDirtyBits() {
        // 1 frame: W0* R1* (write-back 1) W1 | measured: R0* (1 leaves dirty: write-back) -> 1 fault, 1 write-back
        ExactLru lru = new ExactLru(1);
        lru.accept(new long[] {write(0, 1), read(1, 1), write(1, 1)}, 3);
        lru.startMeasuring();
        lru.accept(new long[] {read(0, 1)}, 1);
        lru.finish();
        assertThat(lru.outcome()).isEqualTo(new PagingOutcome.Faults(1, Map.of(PagingOutcome.WRITE_BACKS, 1L)));
    }

    @Provide
    Arbitrary<long[]> fewPages() {
        return PageTraces.traces(10, 200);
    }

    /**
     * Inclusion (Mattson et al. 1970), checked on the memories themselves: fed the same runs one at a time, the
     * pages resident in f frames are always among those resident in f + 1.
     */
    @Property(tries = 200)
    void theMemoryOfFFramesIsAlwaysInsideTheMemoryOfFPlusOne(@ForAll("fewPages") long[] runs,
                                                             @ForAll @IntRange(min = 2, max = 9) int largest) {
        ExactLru[] lru = new ExactLru[largest + 1];
        for (int frames = 1; frames <= largest; frames++) {
            lru[frames] = new ExactLru(frames);
        }
        long[] one = new long[1];
        for (long r : runs) {
            for (int frames = 1; frames <= largest; frames++) {
                one[0] = r;
                lru[frames].accept(one, 1);
            }
            for (int frames = 1; frames < largest; frames++) {
                for (int page = 0; page <= 10; page++) {
                    if (lru[frames].isResident(page)) {
                        assertThat(lru[frames + 1].isResident(page))
                                .as("page %d in %d frames but not in %d after run of page %d", page, frames,
                                        frames + 1, PageRun.page(r))
                                .isTrue();
                    }
                }
            }
        }
        for (int frames = 1; frames <= largest; frames++) {
            lru[frames].finish();
        }
    }

    @Provide
    Arbitrary<long[]> sizedTraces() {
        return Arbitraries.of(2, 9, 60, 400).flatMap(maxPage -> PageTraces.traces(maxPage, 1500));
    }

    /**
     * The queue of references against the Fenwick curve of stack distances, at every size, in faults and
     * write-backs, with the queue renumbered every few runs and after a warm-up.
     */
    @Property(tries = 60)
    void equalsTheStackDistanceCurveAtEverySizeHoweverOftenItRenumbers(
            @ForAll("sizedTraces") long[] runs, @ForAll @IntRange(min = 0, max = 1500) int split,
            @ForAll @IntRange(min = 1, max = 40) int capacity) {
        CurveCheck.assertMatchesPerSize(runs, Math.min(split, runs.length), LruStackDistance::new,
                frames -> new ExactLru(frames, capacity));
    }
}
