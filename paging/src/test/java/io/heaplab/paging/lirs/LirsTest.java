package io.heaplab.paging.lirs;

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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, strings worked by hand and a naive model. In the comments {@code S} is written from its top,
 * {@code L} an LIR page, {@code h} a resident HIR page, {@code n} a non-resident one, {@code p} a peer's phantom;
 * {@code Q} from its end (newest) to its front; {@code *} marks a fault.
 */
class LirsTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Lirs(frames, 0.01, 0);
    }

    private static void feed(Lirs lirs, int... pages) {
        lirs.accept(reads(pages), pages.length);
        lirs.finish();
    }

    @Test
    void everyRuleOfThePaperInThreeFrames() {
        // Lhirs = max(1, floor(0.03)) = 1, Llirs = 2
        Lirs l = new Lirs(3, 0.01, 0);
        //  0* 1*: the LIR set fills                     S [1L 0L]
        //  2*: the LIR set is full: a resident HIR page  S [2h 1L 0L]  Q [2]
        feed(l, 0, 1, 2);
        assertThat(l.stack()).containsExactly(2, 1, 0);
        assertThat(l.queue()).containsExactly(2);
        //  3*: a plain miss: Q's front 2 is evicted, stays in S non-resident; 3 resident HIR
        //                                                S [3h 2n 1L 0L]  Q [3]
        feed(l, 3);
        assertThat(l.stack()).containsExactly(3, 2, 1, 0);
        assertThat(l.isResident(2)).isFalse();
        assertThat(l.queue()).containsExactly(3);
        //  0: an LIR hit, to the top; the bottom is LIR  S [0L 3h 2n 1L]
        //  1: an LIR hit at the bottom: pruning drops 2n and 3h (3 stays in Q)
        //                                                S [1L 0L]  Q [3]
        feed(l, 0, 1);
        assertThat(l.stack()).containsExactly(1, 0);
        assertThat(l.queue()).containsExactly(3);
        //  3: a resident HIR page not in S: a hit, to S's top and Q's end   S [3h 1L 0L]  Q [3]
        feed(l, 3);
        assertThat(l.stack()).containsExactly(3, 1, 0);
        assertThat(l.isLir(3)).isFalse();
        //  3: a resident HIR page in S: a hit, LIR; the bottom LIR 0 becomes HIR at Q's end
        //                                                S [3L 1L]  Q [0]
        feed(l, 3);
        assertThat(l.stack()).containsExactly(3, 1);
        assertThat(l.queue()).containsExactly(0);
        assertThat(l.isLir(3)).isTrue();
        assertThat(l.isLir(0)).isFalse();
        assertThat(l.faultsSoFar()).isEqualTo(4);
        //  4*: evicts 0, not in S: forgotten            S [4h 3L 1L]  Q [4]
        //  5*: evicts 4, non-resident in S              S [5h 4n 3L 1L]  Q [5]
        feed(l, 4, 5);
        assertThat(l.stack()).containsExactly(5, 4, 3, 1);
        //  4*: a non-resident HIR page in S: evicts 5 (non-resident in S), 4 becomes LIR at the top, the
        //      bottom LIR 1 is demoted to Q              S [4L 5n 3L]  Q [1]
        feed(l, 4);
        assertThat(l.stack()).containsExactly(4, 5, 3);
        assertThat(l.queue()).containsExactly(1);
        assertThat(l.isLir(4)).isTrue();
        assertThat(l.isResident(1)).isTrue();
        //  1: a hit, not in S                           S [1h 4L 5n 3L]  Q [1]
        //  3: an LIR hit at the bottom, prunes 5n         S [3L 1h 4L]
        feed(l, 1, 3);
        assertThat(l.stack()).containsExactly(3, 1, 4);
        // faults: 0 1 2 3 4 5 4
        assertThat(l.faultsSoFar()).isEqualTo(7);
    }

    @Test
    void whileMemoryFillsHirPagesTakeFreeFrames() {
        // 4 frames, hir 0.5: Lhirs = 2, Llirs = 2
        Lirs l = new Lirs(4, 0.5, 0);
        //  0* 1*: LIR; 2*: HIR in a free frame           S [2h 1L 0L]  Q [2]
        //  2: a hit on a resident HIR page in S: LIR, 0 demoted   S [2L 1L]  Q [0]
        //  3*: a free frame is left: no eviction          S [3h 2L 1L]  Q [3 0]
        feed(l, 0, 1, 2, 2, 3);
        assertThat(l.stack()).containsExactly(3, 2, 1);
        assertThat(l.queue()).containsExactly(3, 0);
        assertThat(l.faultsSoFar()).isEqualTo(4);
        //  4*: memory is full: Q's front 0 goes           S [4h 3h 2L 1L]  Q [4 3]
        feed(l, 4);
        assertThat(l.queue()).containsExactly(4, 3);
        assertThat(l.isResident(0)).isFalse();
        assertThat(l.faultsSoFar()).isEqualTo(5);
    }

    @Test
    void aRunOfTwoMakesAnHirPageLir() {
        // 0* 1* 2*(HIR) then 2 again within the run: LIR, demoting 0 -> S [2L 1L]  Q [0]
        Lirs l = new Lirs(3, 0.01, 0);
        l.accept(new long[] {read(0, 1), read(1, 1), read(2, 2)}, 3);
        assertThat(l.isLir(2)).isTrue();
        assertThat(l.queue()).containsExactly(0);
        l.finish();
    }

    @Test
    void caffeineLeavesAnHirPageReferencedOnTopOfSHir() {
        // 0* 1* 2*(HIR) then 2 again within the run: on top of S, so it stays HIR   S [2h 1L 0L]  Q [2]
        Lirs l = Lirs.caffeine(3, 0.01, 0);
        l.accept(new long[] {read(0, 1), read(1, 1), read(2, 2)}, 3);
        assertThat(l.isLir(2)).isFalse();
        Lirs apart = Lirs.caffeine(3, 0.01, 0); // the same as two runs of one
        feed(apart, 0, 1, 2, 2);
        assertThat(apart.isLir(2)).isFalse();
        assertThat(apart.queue()).containsExactly(2);
        assertThat(l.stack()).containsExactly(2, 1, 0);
        assertThat(l.queue()).containsExactly(2);
        //  0: LIR hit, to the top                          S [0L 2h 1L]
        //  2: resident HIR in S, not on top: LIR, the bottom 1 to Q   S [2L 0L]  Q [1]
        feed(l, 0, 2);
        assertThat(l.isLir(2)).isTrue();
        assertThat(l.stack()).containsExactly(2, 0);
        assertThat(l.queue()).containsExactly(1);
        l.finish();
        // Lhirs: the frames less (int) (frames * 0.99), where the paper takes floor(frames * 0.01)
        assertThat(Lirs.caffeineHirFrames(150, 0.01)).isEqualTo(2);
        assertThat(Lirs.hirFrames(150, 0.01)).isEqualTo(1);
        assertThat(Lirs.caffeineHirFrames(200, 0.01)).isEqualTo(2);
        assertThat(Lirs.caffeineHirFrames(3, 0.01)).isEqualTo(1);
    }

    @Test
    void theStackBoundForgetsTheOldestNonResidentEntries() {
        // 3 frames, stack 1: at most 3 non-resident entries
        //  0* 1* 2* .. 6*: each evicts the previous HIR page, non-resident in S
        //  after 6*: 5n 4n 3n 2n is one too many: 2 is forgotten  S [6h 5n 4n 3n 1L 0L]
        Lirs bounded = new Lirs(3, 0.01, 1);
        feed(bounded, 0, 1, 2, 3, 4, 5, 6);
        assertThat(bounded.stack()).containsExactly(6, 5, 4, 3, 1, 0);
        //  2*: forgotten, so a plain miss: HIR
        feed(bounded, 2);
        assertThat(bounded.isLir(2)).isFalse();
        // unbounded, 2 is still remembered: LIR
        Lirs unbounded = new Lirs(3, 0.01, 0);
        feed(unbounded, 0, 1, 2, 3, 4, 5, 6, 2);
        assertThat(unbounded.isLir(2)).isTrue();
    }

    @Test
    void dirtyVictimsAreWrittenBack() {
        //  W0* W1* W2*       S [2h 1L 0L]  Q [2]
        //  R3*: evicts 2, dirty: write-back 1        S [3h 2n 1L 0L]  Q [3]
        //  R4*: evicts 3                             S [4h 3n 2n 1L 0L]  Q [4]
        //  R2*: non-resident in S: evicts 4, 2 LIR, the bottom LIR 0 demoted   S [2L 4n 3n 1L]  Q [0]
        //  R5*: evicts 0, dirty: write-back 2       -> 7 faults
        assertThat(run(new Lirs(3, 0.01, 0), new long[] {write(0, 1), write(1, 1), write(2, 1), read(3, 1),
                read(4, 1), read(2, 1), read(5, 1)}))
                .isEqualTo(new PagingOutcome.Faults(7, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void libCacheSimDemotesOnAHitInQAndKeepsPhantoms() {
        // 3 frames: Lhirs 1, Llirs 2. As the paper up to   S [1L 0L]  Q [3]  (0 1 2 3 0 1)
        Lirs peer = Lirs.libCacheSim(3, 0.01);
        feed(peer, 0, 1, 2, 3, 0, 1);
        assertThat(peer.stack()).containsExactly(1, 0);
        //  3: a hit in Q only: the LIR set is full, so the bottom LIR 0 is demoted into a full Q, whose front is
        //     3 itself: evicted; 3 still enters S, a phantom   S [3p 1L]  Q [0]   (a free frame)
        feed(peer, 3);
        assertThat(peer.stack()).containsExactly(3, 1);
        assertThat(peer.queue()).containsExactly(0);
        assertThat(peer.isResident(3)).isFalse();
        //  4*: the LIR set is short: 4 is LIR in the free frame   S [4L 3p 1L]  Q [0]
        feed(peer, 4);
        assertThat(peer.isLir(4)).isTrue();
        assertThat(peer.faultsSoFar()).isEqualTo(5);
        //  3: a phantom in S: a hit; 1 is demoted, Q's front 0 evicted; 3 takes that frame, LIR, no fault
        //                                                 S [3L 4L]  Q [1]
        feed(peer, 3);
        assertThat(peer.stack()).containsExactly(3, 4);
        assertThat(peer.queue()).containsExactly(1);
        assertThat(peer.isResident(3)).isTrue();
        assertThat(peer.faultsSoFar()).isEqualTo(5);
        // the paper: 3 hits in Q only; 4* evicts 3; 3* is a non-resident entry of S   -> 6 faults
        Lirs paper = new Lirs(3, 0.01, 0);
        feed(paper, 0, 1, 2, 3, 0, 1, 3, 4, 3);
        assertThat(paper.faultsSoFar()).isEqualTo(6);
    }

    @Test
    void libCacheSimCapsSAtTwiceTheFrames() {
        // 3 frames: after 0..6, S [6h 5n 4n 3n 2n 1L 0L] holds 7 > 6 entries: 2, non-resident first, goes
        Lirs peer = Lirs.libCacheSim(3, 0.01);
        feed(peer, 0, 1, 2, 3, 4, 5, 6);
        assertThat(peer.stack()).containsExactly(6, 5, 4, 3, 1, 0);
        feed(peer, 2);
        assertThat(peer.isLir(2)).isFalse();
    }

    @Test
    void rejectsBadSizes() {
        assertThatThrownBy(() -> new Lirs(0, 0.01, 0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Lirs(4, 1, 0)).hasMessage("hir: 1.0 (expected: 0 <= hir < 1)");
        assertThatThrownBy(() -> new Lirs(4, 0.01, -1)).hasMessage("stack: -1.0 (expected: >= 0)");
        assertThatThrownBy(() -> Lirs.libCacheSim(2, 0.01))
                .hasMessage("frames: 2 (expected: Llirs >= 2 with libcachesim)");
        assertThatThrownBy(() -> new Lirs(1, 0.01, 0).accept(reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 400)
    void faultsAndWriteBacksAsTheNaiveModel(@ForAll("strings") long[] runs,
                                            @ForAll @IntRange(min = 1, max = 8) int frames,
                                            @ForAll @IntRange(min = 0, max = 3) int hirQuarters,
                                            @ForAll @IntRange(min = 0, max = 2) int stackHalves) {
        double hir = hirQuarters / 4.0;
        double stack = stackHalves / 2.0;
        Lirs lirs = new Lirs(frames, hir, stack);
        assertThat(run(lirs, runs)).isEqualTo(new Model(frames, hir, stack).run(runs));
        lirs.finish();
    }

    @Property(tries = 300)
    void caffeineAsTheNaiveModelWithItsRules(@ForAll("strings") long[] runs,
                                             @ForAll @IntRange(min = 2, max = 8) int frames,
                                             @ForAll @IntRange(min = 1, max = 3) int hirQuarters,
                                             @ForAll @IntRange(min = 0, max = 2) int stackHalves) {
        double hir = hirQuarters / 4.0;
        double stack = stackHalves / 2.0;
        Assume.that((int) (frames * (1 - hir)) >= 1); // Caffeine refuses an empty LIR set
        Lirs lirs = Lirs.caffeine(frames, hir, stack);
        assertThat(run(lirs, runs)).isEqualTo(new Model(frames, hir, stack, true).run(runs));
        lirs.finish();
    }

    @Property(tries = 100)
    void caffeinesRunsOfAnyLengthEnd(@ForAll("longRuns") long[] runs, @ForAll @IntRange(min = 2, max = 8) int frames) {
        Lirs lirs = Lirs.caffeine(frames, 0.01, 0);
        lirs.accept(runs, runs.length);
        lirs.finish();
        assertThat(lirs.faultsSoFar()).isLessThanOrEqualTo(runs.length);
    }

    @Provide
    Arbitrary<long[]> longRuns() {
        return PageTraces.traces(11, 60); // now and then a run of up to Integer.MAX_VALUE references
    }

    @Property(tries = 200)
    void libCacheSimKeepsItsInvariants(@ForAll("strings") long[] runs,
                                       @ForAll @IntRange(min = 3, max = 8) int frames) {
        Lirs lirs = Lirs.libCacheSim(frames, 0.01);
        run(lirs, runs);
        lirs.finish();
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(11, 3, 60);
    }

    /** The paper's rules on lists, fed one reference at a time. */
    static final class Model extends io.heaplab.paging.ReferenceModel {
        final int frames;
        final int llirs;
        final long bound;
        final LinkedList<Integer> s = new LinkedList<>(); // top first
        final LinkedList<Integer> q = new LinkedList<>(); // end (newest) first
        final LinkedList<Integer> gone = new LinkedList<>(); // non-resident entries of S, newest first
        final Set<Integer> lir = new HashSet<>();
        final Set<Integer> resident = new HashSet<>();

        /** Caffeine's: Llirs {@code (int) (frames * (1 - hir))}, the bound floored, 2 frames' worth by default. */
        final boolean caffeine;

        Model(int frames, double hir, double stack) {
            this(frames, hir, stack, false);
        }

        Model(int frames, double hir, double stack, boolean caffeine) {
            this.frames = frames;
            this.caffeine = caffeine;
            this.llirs = caffeine ? (int) (frames * (1 - hir)) : frames - Math.max(1, (int) Math.floor(frames * hir));
            this.bound = caffeine ? (long) (frames * (stack == 0 ? 2 : stack))
                    : stack == 0 ? Long.MAX_VALUE : (long) Math.ceil(stack * frames);
        }

        @Override
        protected void reference(int page) {
            Integer x = page;
            if (resident.contains(x)) {
                if (lir.contains(x)) {
                    toTop(x);
                    prune();
                } else if (s.contains(x) && !(caffeine && s.getFirst().equals(x))) {
                    q.remove(x);
                    toTop(x);
                    lir.add(x);
                    while (lir.size() > llirs) {
                        demote();
                    }
                } else {
                    toTop(x);
                    q.remove(x);
                    q.addFirst(x);
                }
            } else {
                faults++;
                if (resident.size() == frames) {
                    Integer z = q.removeLast();
                    resident.remove(z);
                    evicted(z);
                    if (s.contains(z)) {
                        gone.addFirst(z);
                    }
                }
                resident.add(x);
                if (lir.size() < llirs || s.contains(x)) {
                    gone.remove(x);
                    toTop(x);
                    lir.add(x);
                    while (lir.size() > llirs) {
                        demote();
                    }
                } else {
                    toTop(x);
                    q.addFirst(x);
                }
            }
            while (gone.size() > bound) {
                s.remove(gone.removeLast());
            }
        }

        void toTop(Integer x) {
            s.remove(x);
            s.addFirst(x);
        }

        void demote() {
            prune();
            Integer y = s.removeLast();
            lir.remove(y);
            q.addFirst(y);
            prune();
        }

        void prune() {
            while (!s.isEmpty() && !lir.contains(s.getLast())) {
                gone.remove(s.removeLast());
            }
        }
    }
}
