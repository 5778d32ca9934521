package io.heaplab.paging.arc;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The contract, the paper's invariants, and cases worked by hand; in the comments lists are MRU first. */
class ArcTest extends FixedMemoryContract {

    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new Arc(frames);
    }

    static PagingOutcome.Faults arc(int frames, long... runs) {
        return (PagingOutcome.Faults) run(new Arc(frames), runs);
    }

    static PagingOutcome.Faults faults(PagingSimulator simulator, long... runs) {
        return (PagingOutcome.Faults) run(simulator, runs);
    }

    @Test
    void theClassicStringFaultsThirteenTimesInThreeFrames() {
        // c = 3, p = 0 (* = fault):
        //  7* 0* 1*  IV, the lists hold < c: T1 [1 0 7]
        //  2*  IV, |T1|+|B1| = 3 = c and |T1| = c: 7 leaves T1 and is forgotten     T1 [2 1 0]
        //  0   I: T1 -> T2                          T1 [2 1]  T2 [0]
        //  3*  IV, |T1|+|B1| = 2, total 3 >= c: REPLACE, |T1| 2 > p 0: 1 -> B1
        //                                           T1 [3 2]  T2 [0]  B1 [1]
        //  0   I                                    T2 [0]
        //  4*  IV, |T1|+|B1| = 3 = c, |T1| < c: forget 1 (B1 LRU); REPLACE, |T1| 2 > 0: 2 -> B1
        //                                           T1 [4 3]  T2 [0]  B1 [2]
        //  2*  II: |B1| 1 >= |B2| 0, p = 1; REPLACE, |T1| 2 > 1: 3 -> B1; 2 -> T2
        //                                           T1 [4]  T2 [2 0]  B1 [3]
        //  3*  II: p = 2; REPLACE, |T1| 1 <= 2: 0 (T2 LRU) -> B2; 3 -> T2
        //                                           T1 [4]  T2 [3 2]  B2 [0]
        //  0*  III: |B2| 1 >= |B1| 0, p = 1; REPLACE with x in B2 and |T1| = p = 1 (the tie): 4 -> B1; 0 -> T2
        //                                           T2 [0 3 2]  B1 [4]
        //  3 2  I                                   T2 [2 3 0]
        //  1*  IV, |T1|+|B1| = 1, total 4 >= c: REPLACE, T1 empty: 0 -> B2
        //                                           T1 [1]  T2 [2 3]  B1 [4]  B2 [0]
        //  2   I                                    T2 [2 3]
        //  0*  III: |B2| 1 >= |B1| 1, p = 0; REPLACE, |T1| 1 > 0: 1 -> B1; 0 -> T2
        //                                           T2 [0 2 3]  B1 [1 4]
        //  1*  II: p = 1; REPLACE, T1 empty: 3 -> B2; 1 -> T2
        //                                           T2 [1 0 2]  B1 [4]  B2 [3]
        //  7*  IV (forgotten at 2), |T1|+|B1| = 1, total 5 >= c, not 2c: REPLACE, T1 empty: 2 -> B2
        //                                           T1 [7]  T2 [1 0]  B1 [4]  B2 [2 3]
        //  0 1  I                                   T2 [1 0]
        // -> 13 faults (LRU 12, CLOCK 14, FIFO 15), p = 1
        Arc arc = new Arc(3);
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(arc, reads(CLASSIC));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(13,
                Map.of(PagingOutcome.WRITE_BACKS, 0L, "target", 1)));
        assertThat(outcome.measures().keySet()).containsExactly(PagingOutcome.WRITE_BACKS, "target");
        assertThat(new int[] {arc.size(Arc.T1), arc.size(Arc.T2), arc.size(Arc.B1), arc.size(Arc.B2)})
                .containsExactly(1, 2, 1, 2);
        assertThat(arc.isResident(7) && arc.isResident(1) && arc.isResident(0)).isTrue();
        assertThat(arc.isResident(4) || arc.isResident(2) || arc.isResident(3)).isFalse();
        // the same string in 2 and 4 frames, worked the same way
        assertThat(arc(2, reads(CLASSIC)).faults()).isEqualTo(15);
        assertThat(arc(4, reads(CLASSIC)).faults()).isEqualTo(9);
    }

    @Test
    void dirtyPagesAreWrittenBackWhenTheyLeaveForAGhostListOrForGood() {
        // c = 2 (d = dirty):
        //  W0* R1*  IV                              T1 [1 0d]
        //  R2*  IV, |T1|+|B1| = c = |T1|: 0 is forgotten, dirty: write-back 1     T1 [2 1]
        //  W1   I                                   T1 [2]  T2 [1d]
        //  R3*  IV, total 2 >= c: REPLACE, |T1| 1 > 0: 2 -> B1 (clean)   T1 [3]  T2 [1d]  B1 [2]
        //  R2*  II: p = 1; REPLACE, |T1| 1 <= 1: 1 -> B2, dirty: write-back 2     T1 [3]  T2 [2]  B2 [1]
        //  W3   I                                   T2 [3d 2]
        //  R1*  III: p = 0; REPLACE, T1 empty: 2 -> B2 (clean)   T2 [1 3d]  B2 [2]
        //  R4*  IV, total 3 >= c: REPLACE, T1 empty: 3 -> B2, dirty: write-back 3   T1 [4]  T2 [1]  B2 [3 2]
        // -> 7 faults, 3 write-backs, p = 0
        PagingOutcome.Faults outcome = arc(2, write(0, 1), read(1, 1), read(2, 1), write(1, 1), read(3, 1),
                read(2, 1), write(3, 1), read(1, 1), read(4, 1));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(7,
                Map.of(PagingOutcome.WRITE_BACKS, 3L, "target", 0)));
    }

    @Test
    void countingEveryReferenceARunOfTwoOrMoreIsASecondUse() {
        // correlation 0, c = 2: R0 x2 is a fault and a hit: 0 goes to T2. R1*, R2*: IV, REPLACE takes 1 from T1
        // (|T1| 1 > p 0) rather than 0 from T2; 0 hits. With 0 read once it would sit in T1 and leave at 2: 4 faults.
        assertThat(faults(new Arc(2, 0), read(0, 2), read(1, 1), read(2, 1), read(0, 1)).faults()).isEqualTo(3);
        assertThat(faults(new Arc(2, 0), read(0, 1), read(1, 1), read(2, 1), read(0, 1)).faults()).isEqualTo(4);
    }

    @Test
    void byDefaultARunIsOneUseAndOnlyALaterReferencePromotes() {
        // correlation 1, c = 2: R0 x2 is one use: 0 stays in T1 and leaves at 2, as if read once: 4 faults
        assertThat(arc(2, read(0, 2), read(1, 1), read(2, 1), read(0, 1)).faults()).isEqualTo(4);
        // R0, R1, then R0 again two references later: a second use, 0 goes to T2 and survives R2*, R3*
        // (REPLACE takes T1's 1, then 2): 0 hits at the end. 4 faults, where LRU takes 5.
        assertThat(arc(2, read(0, 1), read(1, 1), read(0, 1), read(2, 1), read(3, 1), read(0, 1)).faults())
                .isEqualTo(4);
        // a correlation period of 3 makes that later reference correlated too: 0 stays in T1 and leaves
        assertThat(faults(new Arc(2, 3), read(0, 1), read(1, 1), read(0, 1), read(2, 1), read(3, 1), read(0, 1))
                .faults()).isEqualTo(5);
    }

    @Test
    void aScanDoesNotFlushAFrequentlyUsedPage() {
        // 0 and 1 are used twice (T2); then 1000 pages are read once each. Every scan page enters T1 and, with
        // no ghost hit to raise p from 0, REPLACE always takes T1's LRU page: T2 keeps 0 and 1.
        long[] runs = new long[1006];
        int n = 0;
        runs[n++] = read(0, 1);
        runs[n++] = read(1, 1);
        runs[n++] = read(0, 1);
        runs[n++] = read(1, 1);
        for (int page = 2; page < 1002; page++) {
            runs[n++] = read(page, 1);
        }
        runs[n++] = read(0, 1);
        runs[n++] = read(1, 1);
        Arc arc = new Arc(4);
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(arc, runs);
        assertThat(outcome.faults()).isEqualTo(2 + 1000);
        assertThat(arc.isResident(0) && arc.isResident(1)).isTrue();
        assertThat(arc.target()).isZero();
        // LRU in the same 4 frames has lost both to the scan
        assertThat(((PagingOutcome.Faults) run(new ExactLru(4), runs)).faults()).isEqualTo(2 + 1000 + 2);
    }

    @Provide
    Arbitrary<long[]> someTraces() {
        return PageTraces.traces(20, 300);
    }

    /** The paper's invariants after every run: finish() checks them, and they are checked here again. */
    @Property(tries = 300)
    void theListsKeepTheirBoundsAfterEveryRun(@ForAll("someTraces") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 10) int c) {
        Arc arc = new Arc(c);
        long[] one = new long[1];
        for (long r : runs) {
            one[0] = r;
            arc.accept(one, 1);
            arc.finish();
            int t1 = arc.size(Arc.T1);
            int t2 = arc.size(Arc.T2);
            int b1 = arc.size(Arc.B1);
            int b2 = arc.size(Arc.B2);
            assertThat(t1 + t2).isLessThanOrEqualTo(c);
            assertThat(t1 + b1).isLessThanOrEqualTo(c);
            assertThat(t1 + t2 + b1 + b2).isLessThanOrEqualTo(2 * c);
            assertThat(arc.target()).isBetween(0, c);
        }
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Arc(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Arc(1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }
}
