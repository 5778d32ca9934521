package io.heaplab.paging.lruk;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.ArrayList;
import java.util.HashMap;
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

/** The contract, and cases worked by hand; HIST is written newest first, {@code t} is the reference's time. */
class LruKTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new LruK(frames, 2, 0, 0);
    }

    static LruK fed(LruK lruk, long... runs) {
        lruk.accept(runs, runs.length);
        return lruk;
    }

    @Test
    void theOldestSecondReferenceGoesNotTheLeastRecent() {
        // k=2, 3 frames: t0..t5 = 0 1 2 1 0 2   HIST 0 [4 0], 1 [3 1], 2 [5 2]
        // LRU would evict 1 (last at 3); LRU-2 evicts 0 (second-last at 0)
        assertThat(fed(new LruK(3, 2, 0, 0), reads(0, 1, 2, 1, 0, 2)).nextVictim()).isEqualTo(0);
    }

    @Test
    void fewerThanKReferencesIsAnInfiniteDistanceAndLruAmongThem() {
        // k=2, 3 frames: 0 0 1 2   HIST 0 [1 0], 1 [2], 2 [3]: 1 and 2 infinite, 1 the older: 1 goes, not LRU's 0
        assertThat(fed(new LruK(3, 2, 0, 0), reads(0, 0, 1, 2)).nextVictim()).isEqualTo(1);
    }

    @Test
    void correlatedReferencesReplaceTheNewestEntry() {
        // k=2, 3 frames: R0 x3 (t0..t2), R1 (t3), R2 (t4)
        // correlation 1: 0's run is one reference, HIST [2]: infinite, the oldest last: 0 goes
        assertThat(fed(new LruK(3, 2, 1, 0), read(0, 3), read(1, 1), read(2, 1)).nextVictim()).isEqualTo(0);
        // correlation 0: HIST 0 [2 1], full; 1 [3] and 2 [4] infinite: 1 goes
        assertThat(fed(new LruK(3, 2, 0, 0), read(0, 3), read(1, 1), read(2, 1)).nextVictim()).isEqualTo(1);
        // correlation 2: 0 1 0 (t0 t1 t2): 0 at t2 is 2 after t0, correlated: HIST 0 [2]; 2 (t3): 0 then 1
        // infinite, 1's last (1) older than 0's (2): 1 goes
        assertThat(fed(new LruK(3, 2, 2, 0), reads(0, 1, 0, 2)).nextVictim()).isEqualTo(1);
    }

    @Test
    void retainedHistoryKeepsAnEvictedPagesReferences() {
        // k=2, 2 frames: t0..t4 = 0 1 2 0 3, then 4, then 0
        //  t2: 2 evicts 0 (infinite, oldest)
        //  t3: 0 evicts 1; retain=10: HIST 0 [3 0], full; retain=0: HIST 0 [3]
        //  t4: 3 evicts 2 (infinite)
        //  t5: 4: retain=10 evicts 3 (infinite), 0 stays and t6 hits; retain=0: 0 [3] and 3 [4] infinite, 0 goes
        long[] runs = reads(0, 1, 2, 0, 3, 4, 0);
        assertThat(((PagingOutcome.Faults) run(new LruK(2, 2, 0, 10), runs)).faults()).isEqualTo(6);
        assertThat(((PagingOutcome.Faults) run(new LruK(2, 2, 0, 0), runs)).faults()).isEqualTo(7);
    }

    @Test
    void aDirtyVictimIsWrittenBack() {
        // 1 frame: W0 R1 (0 evicted, dirty: 1) W1 R0 (1 evicted, dirty: 2) R2 (0 clean)
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new LruK(1, 2, 0, 0),
                new long[] {write(0, 1), read(1, 1), write(1, 1), read(0, 1), read(2, 1)});
        assertThat(outcome.faults()).isEqualTo(4);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(2);
    }

    @Provide
    Arbitrary<long[]> shortTraces() {
        return PageTraces.strings(14, 4, 150);
    }

    @Property(tries = 300)
    void sameFaultsAndWriteBacksAsANaiveModel(@ForAll("shortTraces") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 7) int frames,
                                              @ForAll @IntRange(min = 1, max = 3) int k,
                                              @ForAll @IntRange(min = 0, max = 3) int correlation,
                                              @ForAll @IntRange(min = 0, max = 30) int retain) {
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new LruK(frames, k, correlation, retain), runs);
        long[] expected = naive(frames, k, correlation, retain, runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
    }

    /** LRU-K reference by reference, the victim found by a scan of the resident pages. */
    static long[] naive(int frames, int k, long correlation, long retain, long[] runs) {
        Map<Integer, List<Long>> hist = new HashMap<>();
        Set<Integer> resident = new HashSet<>();
        Set<Integer> dirty = new HashSet<>();
        long faults = 0;
        long writeBacks = 0;
        long t = 0;
        for (long r : runs) {
            int x = PageRun.page(r);
            for (int i = 0; i < PageRun.count(r); i++, t++) {
                List<Long> h = hist.computeIfAbsent(x, key -> new ArrayList<>());
                if (resident.contains(x)) {
                    if (!h.isEmpty() && t - h.getFirst() <= correlation) {
                        h.set(0, t);
                        continue;
                    }
                } else {
                    faults++;
                    if (resident.size() == frames) {
                        int victim = -1;
                        long best = Long.MAX_VALUE;
                        for (int q : resident) {
                            List<Long> hq = hist.get(q);
                            long key = hq.size() < k ? hq.getFirst() : (1L << 62) + hq.get(k - 1);
                            if (key < best) {
                                best = key;
                                victim = q;
                            }
                        }
                        resident.remove(victim);
                        writeBacks += dirty.remove(victim) ? 1 : 0;
                        if (retain == 0) {
                            hist.get(victim).clear();
                        }
                    }
                    if (!h.isEmpty() && t - h.getFirst() > retain) {
                        h.clear();
                    }
                    resident.add(x);
                }
                h.addFirst(t);
                if (h.size() > k) {
                    h.removeLast();
                }
            }
            if (PageRun.isWrite(r)) {
                dirty.add(x);
            }
        }
        return new long[] {faults, writeBacks};
    }
}
