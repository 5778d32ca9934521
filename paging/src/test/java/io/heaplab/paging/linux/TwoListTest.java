package io.heaplab.paging.linux;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, and cases worked by hand. In the comments A and I are the active and inactive lists, head
 * first; {@code *} marks a set referenced flag, {@code d} a dirty page.
 */
class TwoListTest extends FixedMemoryContract {

    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new TwoList(frames, 1);
    }

    static PagingOutcome.Faults twolist(int frames, int ratio, long... runs) {
        return (PagingOutcome.Faults) run(new TwoList(frames, ratio), runs);
    }

    /** Every reference counting, a run's too (correlation 0). */
    static PagingOutcome.Faults everyReference(int frames, int ratio, long... runs) {
        return (PagingOutcome.Faults) run(new TwoList(frames, ratio, 0), runs);
    }

    static Map<String, Number> measures(long writeBacks, long activations, long deactivations) {
        return Map.of(PagingOutcome.WRITE_BACKS, writeBacks, "activations", activations,
                "deactivations", deactivations);
    }

    static PagingOutcome.Faults faults(PagingSimulator simulator, long... runs) {
        return (PagingOutcome.Faults) run(simulator, runs);
    }

    @Test
    void theClassicStringFaultsElevenTimesInThreeFrames() {
        // 3 frames, ratio 1; nothing is referenced three times while inactive, so A stays empty:
        //  7* 0* 1*  I [1 0 7]
        //  2*  reclaim: 7 (tail, flag clear)              I [2 1 0]
        //  0   flag                                       I [2 1 0*]
        //  3*  reclaim: 0* second chance, 1 evicted       I [3 0 2]
        //  0   flag                                       I [3 0* 2]
        //  4*  reclaim: 2                                 I [4 3 0*]
        //  2*  reclaim: 0* second chance, 3 evicted       I [2 0 4]
        //  3*  reclaim: 4                                 I [3 2 0]
        //  0 3 2  flags                                   I [3* 2* 0*]
        //  1*  reclaim: 0*, 2*, 3* each a second chance, then 0 evicted     I [1 3 2]
        //  2   flag                                       I [1 3 2*]
        //  0*  reclaim: 2* second chance, 3 evicted       I [0 2 1]
        //  1   flag                                       I [0 2 1*]
        //  7*  reclaim: 1* second chance, 2 evicted       I [7 1 0]
        //  0 1  flags                                     I [7 1* 0*]
        // -> 11 faults (LRU 12, ARC 13, CLOCK 14, FIFO 15)
        assertThat(twolist(3, 1, reads(CLASSIC))).isEqualTo(new PagingOutcome.Faults(11, measures(0, 0, 0)));
    }

    @Test
    void aThirdReferencePromotesAndBalancingDemotes() {
        // every reference counting (correlation 0), 3 frames, ratio 1:
        //  R0 x3: fault (I [0]), flag (I [0*]), promotion (A [0])                    activations 1
        //  R1 x3: the same                                  A [1 0]
        //  R2*: a free frame                                A [1 0]  I [2]
        //  R0: flag on an active page                       A [1 0*] I [2]
        //  R3*: balance, |A| 2 > 1 x |I| 1: tail 0* keeps its place for one more trip, flag cleared: A [0 1];
        //       tail 1 moves to I: A [0]  I [1 2]           deactivations 1
        //       reclaim: tail 2 evicted                     A [0]  I [3 1]
        //  R1: flag                                         I [3 1*]
        //  R4*: |A| 1 <= |I| 2; reclaim: 1* second chance (I [1 3]), 3 evicted       I [4 1]
        //  R0: flag                                         A [0*]
        //  R1 x2: flag was cleared by the second chance: flag, then promotion   A [1 0*] I [4]   activations 3
        //  R5*: balance, 2 > 1: 0* one more trip (A [0 1]), 1 to I (I [1 4])   deactivations 2
        //       reclaim: 4 evicted                          A [0]  I [5 1]
        // -> 6 faults; 0 active, 1 and 5 inactive
        TwoList twolist = new TwoList(3, 1, 0);
        long[] runs = {read(0, 3), read(1, 3), read(2, 1), read(0, 1), read(3, 1), read(1, 1), read(4, 1),
            read(0, 1), read(1, 2), read(5, 1)};
        assertThat(run(twolist, runs)).isEqualTo(new PagingOutcome.Faults(6, measures(0, 3, 2)));
        assertThat(twolist.isActive(0)).isTrue();
        assertThat(twolist.isResident(1) && !twolist.isActive(1) && twolist.isResident(5)).isTrue();
        // ratio 2 lets A hold 2 pages against 1 inactive: no balancing, and 1 is never demoted
        //  ... R3*: 2 <= 2 x 1: reclaim 2 (I [3]); R1: flag; R4*: reclaim 3 (I [4]); R0; R1 x2: flags;
        //  R5*: reclaim 4 -> 6 faults, 2 activations, no deactivations
        assertThat(everyReference(3, 2, runs)).isEqualTo(new PagingOutcome.Faults(6, measures(0, 2, 0)));
    }

    @Test
    void byDefaultARunIsOneUseAndFlagsComeFromLaterReferences() {
        // correlation 1, 3 frames: R0 x3 and R1 x3 are one use each: faults, flags clear, nothing promoted
        TwoList twolist = new TwoList(3, 1);
        faults(twolist, read(0, 3), read(1, 3));
        assertThat(twolist.isActive(0) || twolist.isActive(1)).isFalse();
        // R0 again (two references later): a flag; once more after R1: promotion
        assertThat(faults(new TwoList(3, 1), read(0, 3), read(1, 1), read(0, 1), read(1, 1), read(0, 1)))
                .isEqualTo(new PagingOutcome.Faults(2, measures(0, 1, 0)));
    }

    @Test
    void aReferencedDirtyPageIsWrittenBackOnlyWhenItFinallyLeaves() {
        // 2 frames, ratio 1:
        //  W0* R1*            I [1 0d]
        //  R2*  reclaim: 0 evicted, dirty: write-back 1       I [2 1]
        //  W1   flag, dirty                                   I [2 1*d]
        //  R3*  reclaim: 1*d second chance (I [1d 2]), 2 evicted clean       I [3 1d]
        //  R4*  reclaim: 1d evicted: write-back 2             I [4 3]
        // -> 5 faults, 2 write-backs
        assertThat(twolist(2, 1, write(0, 1), read(1, 1), read(2, 1), write(1, 1), read(3, 1), read(4, 1)))
                .isEqualTo(new PagingOutcome.Faults(5, measures(2, 0, 0)));
    }

    @Provide
    Arbitrary<long[]> someTraces() {
        return PageTraces.traces(20, 300);
    }

    @Property(tries = 200)
    void theListsStayConsistentAfterEveryRun(@ForAll("someTraces") long[] runs,
                                             @ForAll @IntRange(min = 1, max = 8) int frames,
                                             @ForAll @IntRange(min = 1, max = 4) int ratio) {
        TwoList twolist = new TwoList(frames, ratio);
        long[] one = new long[1];
        for (long r : runs) {
            one[0] = r;
            twolist.accept(one, 1);
            twolist.finish();
        }
    }

    @Test
    void rejectsBadConfigurationsAndNegativePages() {
        assertThatThrownBy(() -> new TwoList(0, 1)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new TwoList(2, 0)).hasMessage("ratio: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new TwoList(1, 1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }
}
