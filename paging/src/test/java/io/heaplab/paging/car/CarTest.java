package io.heaplab.paging.car;

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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, and cases worked by hand. In the comments, as {@link Car#describe()} writes them, each list is
 * oldest first (a clock from its head, where the hand is; a ghost list from its LRU end); {@code *} marks a set
 * reference bit.
 */
class CarTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Car(frames);
    }

    static PagingOutcome.Faults car(int frames, long... runs) {
        return (PagingOutcome.Faults) run(new Car(frames), runs);
    }

    static String state(Car car, long... runs) {
        car.accept(runs, runs.length);
        return car.describe();
    }

    @Test
    void everyRuleInTwoFrames() {
        Car car = new Car(2);
        //  0 1: memory fills, new pages at T1's tail with bit 0
        assertThat(state(car, reads(0, 1))).isEqualTo("T1[0 1] T2[] B1[] B2[] p=0");
        //  0: a hit sets the bit, moves nothing
        assertThat(state(car, reads(0))).isEqualTo("T1[0* 1] T2[] B1[] B2[] p=0");
        //  2: REPLACE, |T1| = 2 >= max(1, 0): head 0 has its bit, cleared, to T2's tail; head 1 bit 0, demoted
        //     to B1. Directory: |T1| + |B1| = 0 + 1 < c, total 2 < 2c: nothing forgotten; 2 to T1's tail
        assertThat(state(car, reads(2))).isEqualTo("T1[2] T2[0] B1[1] B2[] p=0");
        //  3: REPLACE demotes T1's head 2 to B1 (B1 = 1 2); |T1| + |B1| = 0 + 2 = c: B1's LRU page 1 forgotten
        assertThat(state(car, reads(3))).isEqualTo("T1[3] T2[0] B1[2] B2[] p=0");
        //  2: a B1 hit. REPLACE first demotes 3 (B1 = 2 3); then p = min(0 + max(1, |B2| / |B1| = 0 / 2), 2) = 1;
        //     2 to T2's tail, bit 0; no directory replacement for a ghost
        assertThat(state(car, reads(2))).isEqualTo("T1[] T2[0 2] B1[3] B2[] p=1");
        //  4: REPLACE, |T1| = 0 < max(1, 1): T2's head 0, bit 0, demoted to B2; |T1| + |B1| = 1, total 3
        assertThat(state(car, reads(4))).isEqualTo("T1[4] T2[2] B1[3] B2[0] p=1");
        //  0: a B2 hit. REPLACE, |T1| = 1 >= 1: 4 demoted (B1 = 3 4); p = max(1 - max(1, |B1| / |B2| = 2 / 1), 0)
        //     = 0; 0 to T2's tail
        assertThat(state(car, reads(0))).isEqualTo("T1[] T2[2 0] B1[3 4] B2[] p=0");
        //  5: REPLACE, |T1| = 0 < 1: T2's head 2 to B2; |T1| + |B1| = 2 = c: B1's LRU 3 forgotten
        assertThat(state(car, reads(5))).isEqualTo("T1[5] T2[0] B1[4] B2[2] p=0");
        //  6: 5 demoted, B1's LRU 4 forgotten
        assertThat(state(car, reads(6))).isEqualTo("T1[6] T2[0] B1[5] B2[2] p=0");
        //  6 (hit: 6*), 7: REPLACE: 6 has its bit, cleared, to T2 (T2 = 0 6); |T1| = 0: T2's head 0 demoted to
        //     B2 (B2 = 2 0); |T1| + |B1| = 1 < c, but the four lists hold 0 + 1 + 1 + 2 = 2c: B2's LRU 2 forgotten
        assertThat(state(car, reads(6, 7))).isEqualTo("T1[7] T2[6] B1[5] B2[0] p=0");
        //  6 7 (hits: T1 = 7*, T2 = 6*), 8: 7 to T2 cleared (T2 = 6* 7); T2's head 6 has its bit: cleared and to
        //     T2's tail (T2 = 7 6); 7 demoted to B2 (B2 = 0 7); total 2c: B2's LRU 0 forgotten
        assertThat(state(car, reads(6, 7, 8))).isEqualTo("T1[8] T2[6] B1[5] B2[7] p=0");
        //  5: a B1 hit: 8 demoted (B1 = 5 8), p = min(0 + max(1, 1 / 2), 2) = 1, 5 to T2's tail
        assertThat(state(car, reads(5))).isEqualTo("T1[] T2[6 5] B1[8] B2[7] p=1");
        car.finish();
        // faults: 0 1 2 3 2 4 0 5 6 7 8 5; hits: 0 6 6 7
        PagingOutcome.Faults outcome = car(2, reads(0, 1, 0, 2, 3, 2, 4, 0, 5, 6, 6, 7, 6, 7, 8, 5));
        assertThat(outcome.faults()).isEqualTo(12);
        assertThat(outcome.measures().get("target").intValue()).isEqualTo(1);
    }

    @Test
    void aGhostHitMovesTheTargetByTheRatioOfTheGhostLists() {
        Car car = new Car(3);
        //  0 1 2, hits on all three, 3: REPLACE moves 0 1 2 to T2 with their bits cleared; |T1| = 0 < 1: T2's
        //     head 0 demoted to B2
        assertThat(state(car, reads(0, 1, 2, 0, 1, 2, 3))).isEqualTo("T1[3] T2[1 2] B1[] B2[0] p=0");
        //  3 (hit), 5: 3 to T2; T2's head 1 to B2.  5 (hit), 6: 5 to T2; T2's head 2 to B2
        assertThat(state(car, reads(3, 5, 5, 6))).isEqualTo("T1[6] T2[3 5] B1[] B2[0 1 2] p=0");
        //  7: 6 demoted to B1; the four lists hold 2c: B2's LRU 0 forgotten
        assertThat(state(car, reads(7))).isEqualTo("T1[7] T2[3 5] B1[6] B2[1 2] p=0");
        //  7 (hit), 6: a B1 hit. REPLACE: 7 to T2, T2's head 3 to B2 (B2 = 1 2 3); p = min(0 + max(1, |B2| / |B1|
        //     = 3 / 1), 3) = 3: the target moves by three pages in one step
        assertThat(state(car, reads(7, 6))).isEqualTo("T1[] T2[5 7 6] B1[] B2[1 2 3] p=3");
        //  8: |T1| = 0 < p: T2's head 5 to B2; 2c: B2's LRU 1 forgotten
        assertThat(state(car, reads(8))).isEqualTo("T1[8] T2[7 6] B1[] B2[2 3 5] p=3");
        car.finish();
    }

    @Test
    void aRunOfMoreThanOneReferenceLoadsItsPageReferenced() {
        // 2 frames: R0 x2 (a fault, then a hit: bit set), R1; R2: 0 to T2 with its bit cleared, 1 demoted
        assertThat(state(new Car(2), read(0, 2), read(1, 1), read(2, 1))).isEqualTo("T1[2] T2[0] B1[1] B2[] p=0");
        // one reference: 0 has no bit and goes first
        assertThat(state(new Car(2), read(0, 1), read(1, 1), read(2, 1))).isEqualTo("T1[1 2] T2[] B1[] B2[] p=0");
    }

    @Test
    void aDirtyPageDemotedIsWrittenBack() {
        // 2 frames:
        //  W0 R1            T1[0d 1]
        //  R2: 0 demoted, dirty: write-back 1; |T1| + |B1| = c: 0 forgotten          T1[1 2]
        //  W2 x2: hits      T1[1 2*d]
        //  R3: 1 demoted (clean), forgotten                                            T1[2*d 3]
        //  R4: 2 to T2, cleared, still dirty; 3 demoted                                T1[4] T2[2d] B1[3]
        //  R5: 4 demoted, 3 forgotten                                                  T1[5] T2[2d] B1[4]
        //  R4: B1 hit: 5 demoted, p = 1, 4 to T2                                       T1[] T2[2d 4] B1[5]
        //  R6: |T1| = 0 < 1: T2's head 2 demoted, dirty: write-back 2                  T1[6] T2[4] B1[5] B2[2]
        PagingOutcome.Faults outcome = car(2, write(0, 1), read(1, 1), read(2, 1), write(2, 2), read(3, 1),
                read(4, 1), read(5, 1), read(4, 1), read(6, 1));
        assertThat(outcome.faults()).isEqualTo(8);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(2);
        assertThat(outcome.measures().get("target").intValue()).isEqualTo(1);
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Car(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Car(1).accept(reads(-1), 1)).hasMessageContaining("-1");
    }

    @Provide
    Arbitrary<long[]> shortTraces() {
        return PageTraces.strings(16, 4, 150);
    }

    @Property(tries = 300)
    void sameFaultsWriteBacksAndTargetAsANaiveListModel(@ForAll("shortTraces") long[] runs,
                                                        @ForAll @IntRange(min = 1, max = 8) int frames) {
        Car car = new Car(frames);
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(car, runs);
        long[] expected = NaiveCar.run(frames, runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
        assertThat(car.target()).isEqualTo(expected[2]);
    }

    /** CAR as the paper's Figure 2 states it, reference by reference, on array lists (index 0 the oldest). */
    static final class NaiveCar {

        /** Faults, write-backs and the final target. */
        static long[] run(int c, long[] runs) {
            List<Integer> t1 = new ArrayList<>();
            List<Integer> t2 = new ArrayList<>();
            List<Integer> b1 = new ArrayList<>();
            List<Integer> b2 = new ArrayList<>();
            Set<Integer> bit = new HashSet<>();
            Set<Integer> dirty = new HashSet<>();
            long faults = 0;
            long writeBacks = 0;
            int p = 0;
            for (long r : runs) {
                int x = PageRun.page(r);
                for (int k = 0; k < PageRun.count(r); k++) {
                    if (t1.contains(x) || t2.contains(x)) {
                        bit.add(x);
                        continue;
                    }
                    faults++;
                    boolean inB1 = b1.contains(x);
                    boolean inB2 = b2.contains(x);
                    if (t1.size() + t2.size() == c) {
                        while (true) { // replace()
                            if (t1.size() >= Math.max(1, p)) {
                                Integer h = t1.removeFirst();
                                if (!bit.remove(h)) {
                                    b1.add(h);
                                    writeBacks += dirty.remove(h) ? 1 : 0;
                                    break;
                                }
                                t2.add(h);
                            } else {
                                Integer h = t2.removeFirst();
                                if (!bit.remove(h)) {
                                    b2.add(h);
                                    writeBacks += dirty.remove(h) ? 1 : 0;
                                    break;
                                }
                                t2.add(h);
                            }
                        }
                        if (!inB1 && !inB2 && t1.size() + b1.size() == c) {
                            b1.removeFirst();
                        } else if (!inB1 && !inB2 && t1.size() + t2.size() + b1.size() + b2.size() == 2 * c) {
                            b2.removeFirst();
                        }
                    }
                    if (!inB1 && !inB2) {
                        t1.add(x);
                    } else if (inB1) {
                        p = Math.min(p + Math.max(1, b2.size() / b1.size()), c);
                        b1.remove(Integer.valueOf(x));
                        t2.add(x);
                    } else {
                        p = Math.max(p - Math.max(1, b1.size() / b2.size()), 0);
                        b2.remove(Integer.valueOf(x));
                        t2.add(x);
                    }
                }
                if (PageRun.isWrite(r)) {
                    dirty.add(x);
                }
            }
            return new long[] {faults, writeBacks, p};
        }
    }
}
