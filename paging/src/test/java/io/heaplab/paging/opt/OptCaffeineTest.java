package io.heaplab.paging.opt;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@code opt:variant=caffeine}, Caffeine's Clairvoyant policy: cases worked by hand and a model that follows its
 * code reference by reference. Not the fixed-memory contract: a fault may load nothing.
 */
class OptCaffeineTest {

    static PagingOutcome.Faults opt(int frames, boolean caffeine, long... runs) {
        return (PagingOutcome.Faults) run(new Opt(frames, caffeine), runs);
    }

    @Test
    void aNewcomerUsedFarthestAheadIsNotLoaded() {
        // 2 frames, 0 1 2 0 1: at 2, MIN must load it and evicts 1 (used at 4, after 0 at 3), so 1 faults again: 4.
        // Caffeine's 2 is never used again, the farthest of the three: it is not loaded, and 0 and 1 hit: 3
        assertThat(opt(2, false, reads(0, 1, 2, 0, 1)).faults()).isEqualTo(4);
        assertThat(opt(2, true, reads(0, 1, 2, 0, 1)).faults()).isEqualTo(3);
        // as a run of two, 2 is used again at once, so it is loaded and 1 leaves, as under MIN
        assertThat(opt(2, true, read(0, 1), read(1, 1), read(2, 2), read(0, 1), read(1, 1)).faults()).isEqualTo(4);
        // a write to a page not loaded goes straight out
        PagingOutcome.Faults written = opt(2, true, read(0, 1), read(1, 1), write(2, 1), read(0, 1), read(1, 1));
        assertThat(written.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(1);
    }

    @Test
    void pagesNeverUsedAgainLeaveOldestFirst() {
        // 2 frames, W0 R1 R0 then 2 twice: 0 and 1 are never used again. MIN takes the lowest page, 0, dirty: a
        // write-back; Caffeine the older last reference, 1, clean
        long[] string = {write(0, 1), read(1, 1), read(0, 1), read(2, 2)};
        assertThat(opt(2, false, string).measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(1);
        assertThat(opt(2, true, string).measures().get(PagingOutcome.WRITE_BACKS).longValue()).isZero();
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(9, 3, 80);
    }

    @Property(tries = 400)
    void sameFaultsAndWriteBacksAsCaffeinesCode(@ForAll("strings") long[] runs,
                                               @ForAll @IntRange(min = 1, max = 6) int frames) {
        PagingOutcome.Faults outcome = opt(frames, true, runs);
        long[] expected = clairvoyant(frames, runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
    }

    /**
     * Caffeine's {@code ClairvoyantPolicy.record} per reference: the entries are next-access times, a page never
     * used again taking one of a count down from the largest long; a reference whose time is an entry hits; a miss
     * adds its entry and, beyond the size, drops the largest. Faults and write-backs.
     */
    static long[] clairvoyant(int frames, long[] runs) {
        List<Integer> pages = new ArrayList<>();
        for (long r : runs) {
            for (int i = 0; i < PageRun.count(r); i++) {
                pages.add(PageRun.page(r));
            }
        }
        long[] next = new long[pages.size()];
        Map<Integer, Integer> seen = new HashMap<>();
        for (int t = pages.size() - 1; t >= 0; t--) {
            Integer later = seen.put(pages.get(t), t);
            next[t] = later == null ? -1 : later;
        }
        TreeMap<Long, Integer> data = new TreeMap<>();
        Set<Integer> dirty = new HashSet<>();
        long infinite = Long.MAX_VALUE;
        long faults = 0;
        long writeBacks = 0;
        int tick = 0;
        for (long r : runs) {
            int page = PageRun.page(r);
            for (int i = 0; i < PageRun.count(r); i++, tick++) {
                boolean found = data.remove((long) tick) != null;
                data.put(next[tick] < 0 ? infinite-- : next[tick], page);
                if (!found) {
                    faults++;
                    if (data.size() > frames && dirty.remove(data.pollLastEntry().getValue())) {
                        writeBacks++;
                    }
                }
            }
            if (PageRun.isWrite(r)) {
                if (data.containsValue(page)) {
                    dirty.add(page);
                } else {
                    writeBacks++;
                }
            }
        }
        return new long[] {faults, writeBacks};
    }
}
