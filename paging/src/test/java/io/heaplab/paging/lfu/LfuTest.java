package io.heaplab.paging.lfu;

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
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, cases worked by hand and a naive model. In the comments the resident pages are written
 * {@code page:frequency}, least recently referenced first; {@code *} marks a fault.
 */
class LfuTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Lfu(frames);
    }

    static long faults(PagingSimulator simulator, long... runs) {
        return ((PagingOutcome.Faults) run(simulator, runs)).faults();
    }

    @Test
    void theFewestReferencesGoFirstAndLeastRecentAmongEquals() {
        // 3 frames
        //  0* 1* 0      1:1 0:2
        //  2*           1:1 0:2 2:1          full
        //  3*: 1 and 2 have 1 reference, 1 is less recent: evicted      0:2 2:1 3:1
        //  1*: 2 and 3 have 1, 2 is less recent: evicted                0:2 3:1 1:1
        //  0 : a hit                                                     -> 5 faults
        // LRU evicts 1 at 3, then 0 at 1, and faults on 0 again: 6
        long[] runs = reads(0, 1, 0, 2, 3, 1, 0);
        Lfu lfu = new Lfu(3);
        assertThat(faults(lfu, runs)).isEqualTo(5);
        assertThat(lfu.frequencyOf(0)).isEqualTo(3);
        assertThat(lfu.frequencyOf(2)).isZero();
        assertThat(lfu.frequencyOf(3)).isEqualTo(1);
        assertThat(faults(new ExactLru(3), runs)).isEqualTo(6);
    }

    @Test
    void tiesGoByLastReferenceNotByLoadingOrder() {
        // 2 frames
        //  0* 1*        0:1 1:1
        //  1 0          1:2 0:2    (0 was loaded first, but referenced last)
        //  2*: evicts 1, the least recent of frequency 2          0:2 2:1
        //  0 : a hit                                                -> 3 faults
        // breaking ties by loading order (or most recent first) would evict 0 and fault on it again
        Lfu lfu = new Lfu(2);
        assertThat(faults(lfu, reads(0, 1, 1, 0, 2, 0))).isEqualTo(3);
        assertThat(lfu.frequencyOf(1)).isZero();
        assertThat(lfu.frequencyOf(0)).isEqualTo(3);
        //  0* 0 1*      0:2 1:1
        //  3*: evicts 1, the only page of frequency 1               0:2 3:1
        //  3            0:2 3:2
        //  2*: evicts 0, the least recent of frequency 2            3:2 2:1
        //  3 : a hit                                                -> 4 faults
        // breaking ties by most recent first would evict 3 at 2 and fault on it: 5
        assertThat(faults(new Lfu(2), reads(0, 0, 1, 3, 3, 2, 3))).isEqualTo(4);
    }

    @Test
    void aPageLoadedAgainStartsCountingFromOne() {
        // 2 frames
        //  0* 0 1* 1 1     0:2 1:3
        //  2*: evicts 0 (2 references)                 1:3 2:1
        //  0*: evicts 2, 0 restarts at 1                1:3 0:1
        //  2*: evicts 0, not 1                          1:3 2:1
        //  0*: evicts 2                                 1:3 0:1     -> 6 faults
        // had 0 kept its count (3 on its return), 2 would evict 1, the less recent of two at 3, and 0 would hit: 5
        Lfu lfu = new Lfu(2);
        assertThat(faults(lfu, reads(0, 0, 1, 1, 1, 2, 0, 2, 0))).isEqualTo(6);
        assertThat(lfu.frequencyOf(0)).isEqualTo(1);
        assertThat(lfu.frequencyOf(1)).isEqualTo(3);
    }

    @Test
    void aRunOfKReferencesAddsK() {
        // 2 frames
        //  0* (a run of 3) 1* 0 1      0:4 1:2
        //  2*: evicts 1, fewer references      0:4 2:1
        //  0 : a hit, 0:5                      -> 3 faults
        // counting a run as one reference, 0 and 1 would tie at 2 and 0, the less recent, would go: 4 faults
        Lfu lfu = new Lfu(2);
        assertThat(faults(lfu, read(0, 3), read(1, 1), read(0, 1), read(1, 1), read(2, 1), read(0, 1)))
                .isEqualTo(3);
        assertThat(lfu.frequencyOf(0)).isEqualTo(5);
        assertThat(lfu.frequencyOf(1)).isZero();
        // a long run jumps past the frequencies between: 0:1, 1:2, 2:4 then 0 gets 5 more: 6
        Lfu jump = new Lfu(3);
        run(jump, new long[] {read(0, 1), read(1, 2), read(2, 4), read(0, 5)});
        assertThat(jump.frequencyOf(0)).isEqualTo(6);
        assertThat(faults(jump, reads(3))).isEqualTo(4); // evicts 1, now the least frequent
        assertThat(jump.frequencyOf(1)).isZero();
    }

    @Test
    void aDirtyVictimIsWrittenBack() {
        // 2 frames
        //  W0* W0 R1*   0d:2 1:1
        //  R2*: evicts 1, clean                0d:2 2:1
        //  W2 R2 R2     0d:2 2d:4
        //  R3*: evicts 0, dirty: write-back 1  2d:4 3:1
        //  R4*: evicts 3, clean                2d:4 4:1
        //  R5*: evicts 4                       -> 6 faults, 1 write-back
        assertThat(run(new Lfu(2), new long[] {write(0, 2), read(1, 1), read(2, 1), write(2, 1), read(2, 2),
                read(3, 1), read(4, 1), read(5, 1)}))
                .isEqualTo(new PagingOutcome.Faults(6, Map.of(PagingOutcome.WRITE_BACKS, 1L)));
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Lfu(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Lfu(1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 300)
    void faultsAndWriteBacksAsTheNaiveModel(@ForAll("strings") long[] runs,
                                            @ForAll @IntRange(min = 1, max = 6) int frames) {
        assertThat(run(new Lfu(frames), runs)).isEqualTo(new Model(frames).run(runs));
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(7, 3, 40);
    }

    /** Maps of frequency and last reference, fed one reference at a time; the victim found by a scan. */
    static final class Model extends io.heaplab.paging.ReferenceModel {
        final int frames;
        final Map<Integer, Long> frequency = new HashMap<>();
        final Map<Integer, Long> last = new HashMap<>();
        long now;

        Model(int frames) {
            this.frames = frames;
        }

        @Override
        protected void reference(int page) {
            now++;
            if (!frequency.containsKey(page)) {
                faults++;
                if (frequency.size() == frames) {
                    int victim = frequency.keySet().stream()
                            .min((a, b) -> !frequency.get(a).equals(frequency.get(b))
                                    ? Long.compare(frequency.get(a), frequency.get(b))
                                    : Long.compare(last.get(a), last.get(b))).orElseThrow();
                    frequency.remove(victim);
                    evicted(victim);
                }
                frequency.put(page, 0L);
            }
            frequency.merge(page, 1L, Long::sum);
            last.put(page, now);
        }
    }
}
