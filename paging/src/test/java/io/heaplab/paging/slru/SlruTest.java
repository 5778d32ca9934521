package io.heaplab.paging.slru;

import static io.heaplab.paging.slru.Slru.PROBATIONARY;
import static io.heaplab.paging.slru.Slru.PROTECTED;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageLists;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, cases worked by hand and a naive model. In the comments the paper's segments are written
 * {@code prob [MRU .. LRU] | prot [MRU .. LRU]}, libCacheSim's {@code S0 [..] S1 [..]}; {@code *} marks a fault.
 */
class SlruTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Slru(frames, 0.8);
    }

    static long faults(PagingSimulator simulator, long... runs) {
        return ((PagingOutcome.Faults) run(simulator, runs)).faults();
    }

    @Test
    void aPageReferencedTwiceIsProtectedFromAScanThatFlushesLru() {
        // 4 frames, protected 0.5: at most 2 protected pages
        //  0* 1*        prob [1 0]       | prot []
        //  0 : promoted prob [1]         | prot [0]
        //  2* 3*        prob [3 2 1]     | prot [0]      memory full
        //  4*: evicts the probationary LRU 1          prob [4 3 2] | prot [0]
        //  5*: evicts 2                               prob [5 4 3] | prot [0]
        //  0 : a hit                                  -> 6 faults
        // LRU evicts 1 at 4, then 0, the least recent, at 5, and faults on 0 again: 7
        long[] runs = reads(0, 1, 0, 2, 3, 4, 5, 0);
        Slru slru = new Slru(4, 0.5);
        assertThat(faults(slru, runs)).isEqualTo(6);
        assertThat(slru.segmentOf(0)).isEqualTo(PROTECTED);
        assertThat(slru.segmentOf(1)).isEqualTo(PageLists.NONE);
        assertThat(slru.segmentOf(2)).isEqualTo(PageLists.NONE);
        assertThat(faults(new ExactLru(4), runs)).isEqualTo(7);
    }

    @Test
    void protectedOverflowDemotesItsLruPageToTheProbationaryMru() {
        // 4 frames, 2 protected
        //  0* 1* 2*     prob [2 1 0]     | prot []
        //  0 1          prob [2]         | prot [1 0]
        //  2 : promoted, prot holds 3: its LRU 0 is demoted
        //               prob [0]         | prot [2 1]
        //  3*           prob [3 0]       | prot [2 1]    memory full
        //  4*: evicts 0                  prob [4 3]      | prot [2 1]
        //  0*: evicts 3                  prob [0 4]      | prot [2 1]   -> 6 faults
        // without the cap, or demoting the protected MRU 2 instead, 0 would stay and hit: 5
        Slru slru = new Slru(4, 0.5);
        assertThat(faults(slru, reads(0, 1, 2, 0, 1, 2, 3, 4, 0))).isEqualTo(6);
        assertThat(slru.size(PROTECTED)).isEqualTo(2);
        assertThat(slru.segmentOf(1)).isEqualTo(PROTECTED);
        assertThat(slru.segmentOf(2)).isEqualTo(PROTECTED);
        assertThat(slru.segmentOf(0)).isEqualTo(PROBATIONARY);
        assertThat(slru.segmentOf(4)).isEqualTo(PROBATIONARY);
        assertThat(slru.segmentOf(3)).isEqualTo(PageLists.NONE);
    }

    @Test
    void aHitInTheProtectedSegmentMakesThePageItsMru() {
        // 4 frames, 2 protected
        //  0* 1* 0 1    prob []          | prot [1 0]
        //  0 :          prob []          | prot [0 1]
        //  2* 2: promoted, demotes 1     prob [1]        | prot [2 0]
        //  3*           prob [3 1]       | prot [2 0]    memory full
        //  4*: evicts 1                  prob [4 3]      | prot [2 0]
        //  1*: evicts 3                  prob [1 4]      | prot [2 0]
        //  0 : a hit                     -> 6 faults, 0 protected, 3 gone
        // had the hit on 0 left it behind 1, 0 would have been demoted at 2 and evicted at 4, and 0* would
        // evict 3 into the probationary segment, 1 hitting in the protected one
        Slru slru = new Slru(4, 0.5);
        assertThat(faults(slru, reads(0, 1, 0, 1, 0, 2, 2, 3, 4, 1, 0))).isEqualTo(6);
        assertThat(slru.segmentOf(0)).isEqualTo(PROTECTED);
        assertThat(slru.segmentOf(3)).isEqualTo(PageLists.NONE);
    }

    @Test
    void everyReferenceOfARunCountsSoItsSecondPromotes() {
        // 2 frames, 1 protected: a run of 2 faults once and ends protected, a run of 1 stays probationary
        Slru slru = new Slru(2, 0.5);
        assertThat(faults(slru, read(5, 2), read(6, 1))).isEqualTo(2);
        assertThat(slru.segmentOf(5)).isEqualTo(PROTECTED);
        assertThat(slru.segmentOf(6)).isEqualTo(PROBATIONARY);
    }

    @Test
    void noProtectedFramesIsLru() {
        long[] runs = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);
        assertThat(faults(new Slru(3, 0), runs)).isEqualTo(12).isEqualTo(faults(new ExactLru(3), runs));
    }

    @Test
    void libCacheSimPutsANewPageInTheLowestSegmentWithRoomAndCoolsDownward() {
        // 4 frames, 2 segments of 2
        //  0* 1*        S0 [1 0]   S1 []
        //  2* 3*: S0 is full, so they enter S1 unreferenced       S0 [1 0]   S1 [3 2]
        //  4*: evicts the LRU of the lowest non-empty segment, 0;  S0 [4 1]   S1 [3 2]
        //  2 : top segment, to its MRU                            S0 [4 1]   S1 [2 3]
        //  1 : promoted, S1 holds 3: its LRU 3 cools to S0's MRU  S0 [3 4]   S1 [1 2]
        //  5*: evicts 4                                            S0 [5 3]   S1 [1 2]   -> 6 faults
        // the paper's SLRU (2 protected) on the same string evicts 0 at 4 and 3 at 5, keeping 4
        Slru peer = Slru.libCacheSim(4, 2);
        assertThat(faults(peer, reads(0, 1, 2, 3, 4, 2, 1, 5))).isEqualTo(6);
        assertThat(peer.segmentOf(3)).isEqualTo((byte) 0);
        assertThat(peer.segmentOf(5)).isEqualTo((byte) 0);
        assertThat(peer.segmentOf(1)).isEqualTo((byte) 1);
        assertThat(peer.segmentOf(2)).isEqualTo((byte) 1);
        assertThat(peer.segmentOf(4)).isEqualTo(PageLists.NONE);
        Slru paper = new Slru(4, 0.5);
        assertThat(faults(paper, reads(0, 1, 2, 3, 4, 2, 1, 5))).isEqualTo(6);
        assertThat(paper.segmentOf(4)).isEqualTo(PROBATIONARY);
        assertThat(paper.segmentOf(3)).isEqualTo(PageLists.NONE);
    }

    @Test
    void libCacheSimPromotesOneSegmentPerReference() {
        // 6 frames, 3 segments of 2: a run of 3 faults into S0 and climbs to S2; a run of 2 to S1
        Slru peer = Slru.libCacheSim(6, 3);
        assertThat(faults(peer, read(0, 3), read(1, 2))).isEqualTo(2);
        assertThat(peer.segmentOf(0)).isEqualTo((byte) 2);
        assertThat(peer.segmentOf(1)).isEqualTo((byte) 1);
    }

    @Test
    void aDirtyVictimIsWrittenBack() {
        // 2 frames, 1 protected
        //  W0* R1*      prob [1 0d]     |
        //  R1 :         prob [0d]       | prot [1]
        //  R2*: evicts 0, dirty: write-back 1            prob [2]  | prot [1]
        //  W1 R3*: evicts 2, clean                       prob [3]  | prot [1d]
        //  R3: promoted, demotes 1d                      prob [1d] | prot [3]
        //  R4*: evicts 1, dirty: write-back 2            -> 5 faults
        assertThat(run(new Slru(2, 0.5), new long[] {write(0, 1), read(1, 1), read(1, 1), read(2, 1), write(1, 1),
                read(3, 1), read(3, 1), read(4, 1)}))
                .isEqualTo(new PagingOutcome.Faults(5, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void rejectsBadSizes() {
        assertThatThrownBy(() -> new Slru(0, 0.8)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Slru(4, 1)).hasMessage("protected: 1.0 (expected: 0 <= protected < 1)");
        assertThatThrownBy(() -> Slru.libCacheSim(10, 4))
                .hasMessage("frames: 10 (expected: a multiple of segments 4 with variant=libcachesim)");
        assertThatThrownBy(() -> new Slru(1, 0.8).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 300)
    void faultsAndWriteBacksAsTheNaiveModels(@ForAll("strings") long[] runs, @ForAll @IntRange(min = 1, max = 6)
            int frames, @ForAll @IntRange(min = 0, max = 9) int tenths, @ForAll @IntRange(min = 1, max = 3) int n) {
        double share = tenths / 10.0;
        assertThat(run(new Slru(frames, share), runs)).isEqualTo(Model.paper(frames, share).run(runs));
        assertThat(run(Slru.libCacheSim(frames * n, n), runs)).isEqualTo(Model.peer(frames * n, n).run(runs));
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(7, 3, 40);
    }

    /** Segments as lists, MRU first, fed one reference at a time: the paper's two, or libCacheSim's n. */
    static final class Model {
        final List<List<Integer>> segments = new ArrayList<>();
        final int[] max;
        final int frames;
        final boolean peer;
        final Set<Integer> dirty = new HashSet<>();
        long faults;
        long writeBacks;

        private Model(int frames, int[] max, boolean peer) {
            this.frames = frames;
            this.max = max;
            this.peer = peer;
            for (int s = 0; s < max.length; s++) {
                segments.add(new ArrayList<>());
            }
        }

        static Model paper(int frames, double share) {
            return new Model(frames, new int[] {frames, (int) Math.floor(frames * share)}, false);
        }

        static Model peer(int frames, int n) {
            int[] max = new int[n];
            java.util.Arrays.fill(max, frames / n);
            return new Model(frames, max, true);
        }

        PagingOutcome run(long[] runs) {
            for (long run : runs) {
                int page = PageRun.page(run);
                for (int i = 0; i < PageRun.count(run) && i < 10; i++) {
                    reference(page);
                }
                if (PageRun.isWrite(run)) {
                    dirty.add(page);
                }
            }
            return new PagingOutcome.Faults(faults, Map.of(PagingOutcome.WRITE_BACKS, writeBacks));
        }

        void reference(int page) {
            for (int s = 0; s < segments.size(); s++) {
                if (segments.get(s).remove((Integer) page)) {
                    int to = Math.min(s + 1, segments.size() - 1);
                    segments.get(to).addFirst(page);
                    for (int c = to; c > 0 && segments.get(c).size() > max[c]; c--) {
                        segments.get(c - 1).addFirst(segments.get(c).removeLast());
                    }
                    return;
                }
            }
            faults++;
            if (segments.stream().mapToInt(List::size).sum() == frames) {
                int s = 0;
                while (segments.get(s).isEmpty()) {
                    s++;
                }
                int victim = segments.get(s).removeLast();
                if (dirty.remove(victim)) {
                    writeBacks++;
                }
            }
            int into = 0;
            while (peer && into < segments.size() - 1 && segments.get(into).size() >= max[into]) {
                into++;
            }
            segments.get(into).addFirst(page);
        }
    }
}
