package io.heaplab.paging.twoq;

import static io.heaplab.paging.twoq.TwoQ.A1IN;
import static io.heaplab.paging.twoq.TwoQ.A1OUT;
import static io.heaplab.paging.twoq.TwoQ.AM;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.PageLists;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, a string worked by hand and a naive model. In the comments the lists are written newest first,
 * {@code A1in [..] Am [..] A1out [..]}; {@code *} marks a fault.
 */
class TwoQTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new TwoQ(frames, 0.25, 0.5);
    }

    private static void feed(TwoQ twoQ, int... pages) {
        twoQ.accept(reads(pages), pages.length);
    }

    @Test
    void everyRuleOnOneStringInFourFrames() {
        // Kin = 1, Kout = 2
        TwoQ q = new TwoQ(4, 0.25, 0.5);
        //  0* 1* 2* 3*  A1in [3 2 1 0]
        //  0 : a hit in A1in moves nothing
        //  4*: |A1in| 4 > Kin: its tail 0 is evicted to A1out      A1in [4 3 2 1]  A1out [0]
        feed(q, 0, 1, 2, 3, 0, 4);
        assertThat(q.faultsSoFar()).isEqualTo(5);
        assertThat(q.listOf(0)).isEqualTo(A1OUT);
        assertThat(q.listOf(1)).isEqualTo(A1IN);
        //  0*: a ghost: its id leaves A1out, 1 is evicted to A1out, 0 enters Am
        //               A1in [4 3 2]  Am [0]  A1out [1]
        feed(q, 0);
        assertThat(q.listOf(0)).isEqualTo(AM);
        assertThat(q.listOf(1)).isEqualTo(A1OUT);
        //  5*: evicts 2       A1in [5 4 3]  A1out [2 1]
        //  6*: evicts 3, A1out over Kout forgets 1                 A1in [6 5 4]  A1out [3 2]
        feed(q, 5, 6);
        assertThat(q.size(A1OUT)).isEqualTo(2);
        assertThat(q.listOf(1)).isEqualTo(PageLists.NONE);
        //  1*: forgotten, so a new page: A1in; evicts 4, forgets 2  A1in [1 6 5]  A1out [4 3]
        //  7*: evicts 5, forgets 3                                  A1in [7 1 6]  A1out [5 4]
        //  8*: evicts 6, forgets 4                                  A1in [8 7 1]  A1out [6 5]   Am [0]
        feed(q, 1, 7, 8);
        assertThat(q.listOf(1)).isEqualTo(A1IN);
        //  5*: a ghost: evicts 1                                    A1in [8 7]  Am [5 0]    A1out [1 6]
        //  6*: a ghost: evicts 7                                    A1in [8]    Am [6 5 0]  A1out [7 1]
        //  9*: |A1in| = Kin: Am's LRU 0 is evicted and forgotten    A1in [9 8]  Am [6 5]    A1out [7 1]
        feed(q, 5, 6, 9);
        assertThat(q.listOf(0)).isEqualTo(PageLists.NONE);
        assertThat(q.listOf(8)).isEqualTo(A1IN);
        assertThat(q.size(AM)).isEqualTo(2);
        //  5 : a hit in Am, to its head                             Am [5 6]
        //  7*: a ghost: evicts 8                                    A1in [9]  Am [7 5 6]  A1out [8 1]
        //  11*: Am's LRU is 6, not 5                                A1in [11 9]  Am [7 5]
        //  5 : a hit
        //  6*: forgotten: a new page; evicts 9, forgets 1           A1in [6 11]  Am [7 5]  A1out [9 8]
        feed(q, 5, 7, 11, 5, 6);
        assertThat(q.listOf(5)).isEqualTo(AM);
        assertThat(q.listOf(6)).isEqualTo(A1IN);
        assertThat(q.listOf(9)).isEqualTo(A1OUT);
        assertThat(q.listOf(1)).isEqualTo(PageLists.NONE);
        q.finish();
        // faults: 0 1 2 3 4 0 5 6 1 7 8 5 6 9 7 11 6
        assertThat(q.faultsSoFar()).isEqualTo(17);
    }

    @Test
    void theSharesSetKinAndKout() {
        // 8 frames, kin 0.5, kout 0.25: Kin 4, Kout 2. 0..7 fill A1in; 8..11 evict 0..3 to A1out, which keeps 2
        TwoQ q = new TwoQ(8, 0.5, 0.25);
        feed(q, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        assertThat(q.size(A1IN)).isEqualTo(8);
        assertThat(q.size(A1OUT)).isEqualTo(2);
        //  2 and 3 are ghosts: into Am, each evicting the tail of A1in (4, then 5)
        feed(q, 3, 2);
        assertThat(q.size(AM)).isEqualTo(2);
        assertThat(q.size(A1IN)).isEqualTo(6);
        //  a new page would enter A1in as another left it; ghost hits shrink it: 5 and 4 evict 6 and 7
        //               A1in [11 10 9 8]  Am [4 5 2 3]  A1out [7 6]
        //  20*: |A1in| = Kin 4: Am's LRU 3 goes                    A1in [20 11 10 9 8]  Am [4 5 2]
        feed(q, 5, 4, 20);
        assertThat(q.size(A1IN)).isEqualTo(5);
        assertThat(q.size(AM)).isEqualTo(3);
        assertThat(q.listOf(3)).isEqualTo(PageLists.NONE);
        assertThat(q.listOf(2)).isEqualTo(AM);
        q.finish();
    }

    @Test
    void aRunIsItsFirstReference() {
        // a run in A1in does not promote its page
        TwoQ q = new TwoQ(4, 0.25, 0.5);
        q.accept(new long[] {read(0, 5), read(1, 3)}, 2);
        assertThat(q.listOf(0)).isEqualTo(A1IN);
        assertThat(q.faultsSoFar()).isEqualTo(2);
    }

    @Test
    void aDirtyVictimIsWrittenBack() {
        // 2 frames: Kin 0, Kout 1
        //  W0* R1*      A1in [1 0d]
        //  R2*: evicts 0, dirty: write-back 1                A1in [2 1]  A1out [0]
        //  R0*: a ghost: evicts 1                            A1in [2]    Am [0]   A1out [1]
        //  W0 : a hit, dirty                                  Am [0d]
        //  R3*: evicts 2, forgets 1                          A1in [3]    Am [0d]  A1out [2]
        //  R2*: a ghost: evicts 3                            A1in []     Am [2 0d]  A1out [3]
        //  R4*: |A1in| = Kin: evicts Am's LRU 0, dirty: write-back 2        -> 7 faults
        assertThat(run(new TwoQ(2, 0.25, 0.5), new long[] {write(0, 1), read(1, 1), read(2, 1), read(0, 1),
                write(0, 1), read(3, 1), read(2, 1), read(4, 1)}))
                .isEqualTo(new PagingOutcome.Faults(7, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void rejectsBadSizes() {
        assertThatThrownBy(() -> new TwoQ(0, 0.25, 0.5)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new TwoQ(4, 1.5, 0.5)).hasMessage("kin: 1.5 (expected: 0 <= kin <= 1)");
        assertThatThrownBy(() -> new TwoQ(4, 0.25, -1)).hasMessage("kout: -1.0 (expected: >= 0)");
        assertThatThrownBy(() -> new TwoQ(1, 0.25, 0.5).accept(reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 300)
    void faultsAndWriteBacksAsTheNaiveModel(@ForAll("strings") long[] runs,
                                            @ForAll @IntRange(min = 1, max = 8) int frames,
                                            @ForAll @IntRange(min = 0, max = 4) int kinQuarters,
                                            @ForAll @IntRange(min = 0, max = 6) int koutQuarters) {
        double kin = kinQuarters / 4.0;
        double kout = koutQuarters / 4.0;
        assertThat(run(new TwoQ(frames, kin, kout), runs)).isEqualTo(new Model(frames, kin, kout).run(runs));
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(9, 3, 50);
    }

    /** The paper's pseudo-code on lists, newest first, fed one reference at a time. */
    static final class Model extends io.heaplab.paging.ReferenceModel {
        final int frames;
        final int kin;
        final int kout;
        final List<Integer> a1in = new ArrayList<>();
        final List<Integer> am = new ArrayList<>();
        final List<Integer> a1out = new ArrayList<>();

        Model(int frames, double kin, double kout) {
            this.frames = frames;
            this.kin = (int) Math.floor(frames * kin);
            this.kout = (int) Math.floor(frames * kout);
        }

        @Override
        protected void reference(int page) {
            if (am.remove((Integer) page)) {
                am.addFirst(page);
            } else if (a1in.contains(page)) {
                return;
            } else if (a1out.remove((Integer) page)) {
                faults++;
                reclaim();
                am.addFirst(page);
            } else {
                faults++;
                reclaim();
                a1in.addFirst(page);
            }
        }

        void reclaim() {
            if (a1in.size() + am.size() < frames) {
                return;
            }
            int victim;
            if (a1in.size() > kin || am.isEmpty()) {
                victim = a1in.removeLast();
                a1out.addFirst(victim);
                if (a1out.size() > kout) {
                    a1out.removeLast();
                }
            } else {
                victim = am.removeLast();
            }
            evicted(victim);
        }
    }
}
