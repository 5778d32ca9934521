package io.heaplab.paging.mglru;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.mglru.Mglru.Access;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
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
 * The contract, strings worked by hand and a naive model. In the comments the generations are written oldest
 * first, {@code [seq: pages]}, each list head first (the eviction takes from the tail); {@code *} marks an
 * accessed bit, {@code >s} a gen counter the aging moved to {@code s} while the page sits on an older list,
 * {@code .n} a page read {@code n} times; {@code !} marks a fault.
 */
class MglruTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Mglru(frames, Access.MAPPED);
    }

    private static Mglru feed(Mglru m, int... pages) {
        m.accept(reads(pages), pages.length);
        m.finish();
        return m;
    }

    private static long measure(Mglru m, String name) {
        return ((PagingOutcome.Faults) m.outcome()).measures().get(name).longValue();
    }

    @Test
    void everyRuleOfMappedAccessInThreeFrames() {
        Mglru m = new Mglru(3, Access.MAPPED);
        //  0! 1! 2!: a faulted page joins the youngest generation at the head, its accessed bit set by the
        //  faulting access; four empty generations at the start, min_seq 0, max_seq 3
        feed(m, 0, 1, 2);
        assertThat(m.describe()).isEqualTo("[0:] [1:] [2:] [3: 2* 1* 0*]");
        //  3!: four generations: no aging. The oldest, 0, is empty: min_seq moves past 0 and 1 while two remain
        //      [2:] [3: 2* 1* 0*]; two generations: the aging must run: the walk clears the bits and sets the
        //      gen counters to max_seq 3, then max_seq 4 opens an empty generation   [2:] [3: 2 1 0] [4:]
        //      2 is empty: min_seq 3; two generations again: age, max_seq 5 (nothing accessed)
        //      the oldest list's tail 0 is evicted                       [3: 2 1] [4:] [5: 3*]
        feed(m, 3);
        assertThat(m.describe()).isEqualTo("[3: 2 1] [4:] [5: 3*]");
        assertThat(measure(m, "agings")).isEqualTo(2);
        assertThat(m.isResident(0)).isFalse();
        //  1: a hit sets the bit                                           [3: 2 1*] [4:] [5: 3*]
        //  4!: three generations: the youngest holds 1 of 3 pages (not over 1/2), the oldest 2 (not under
        //      1/4): no aging. The tail 1 is accessed: the rmap walk promotes it to the head of the youngest
        //      instead of evicting it, its bit cleared                    [3: 2] [4:] [5: 1 3*]
        //      now the youngest holds 2 of 3, over 1/2: the aging runs; 3's bit is cleared, max_seq 6
        //                                                                  [3: 2] [4:] [5: 1 3] [6:]
        //      the tail 2 is evicted; 3 and 4 are empty: min_seq 5         [5: 1 3] [6: 4*]
        feed(m, 1, 4);
        assertThat(m.describe()).isEqualTo("[5: 1 3] [6: 4*]");
        assertThat(measure(m, "promotions")).isEqualTo(1);
        assertThat(measure(m, "agings")).isEqualTo(3);
        //  1: bit                                                          [5: 1* 3] [6: 4*]
        //  0!: two generations: age: 1's gen counter and 4's say 6, max_seq 7; 1 stays on list 5, lazily
        //                                                                  [5: 1>6 3] [6: 4] [7:]
        //      the tail 3 is evicted                                       [5: 1>6] [6: 4] [7: 0*]
        feed(m, 1, 0);
        assertThat(m.describe()).isEqualTo("[5: 1>6] [6: 4] [7: 0*]");
        //  2!: three generations, the oldest holds none of 3 by gen counter, under 1/4: age, max_seq 8
        //                                                                  [5: 1>6] [6: 4] [7: 0] [8:]
        //      the tail 1 says 6: the eviction moves it to the head of 6   [5:] [6: 1 4] [7: 0] [8:]
        //      four generations: no aging; 5 is empty: min_seq 6; three: no aging; the tail 4 is evicted
        //      2 was evicted when min_seq was 5: outside the window, no refault
        feed(m, 2);
        assertThat(m.describe()).isEqualTo("[6: 1] [7: 0] [8: 2*]");
        assertThat(m.faultsSoFar()).isEqualTo(7);
        assertThat(measure(m, "agings")).isEqualTo(5);
        assertThat(measure(m, "refaults")).isZero();
        assertThat(m.controller()).startsWith("0/1/0 avg 0/1 |");
    }

    @Test
    void withFourGenerationsTheAgingWaitsEvenWhenTheYoungestHoldsEveryPage() {
        //  0! 1! 2! 3!                                                   [0:] [1:] [2:] [3: 3* 2* 1* 0*]
        //  4!: four generations, MAX_NR_GENS: no aging, though the youngest holds 4 of 4; min_seq 2; two
        //      generations: age twice as above; the tail 0 is evicted
        Mglru m = feed(new Mglru(4, Access.MAPPED), 0, 1, 2, 3);
        assertThat(m.describe()).isEqualTo("[0:] [1:] [2:] [3: 3* 2* 1* 0*]");
        feed(m, 4);
        assertThat(m.describe()).isEqualTo("[3: 3 2 1] [4:] [5: 4*]");
        assertThat(measure(m, "agings")).isEqualTo(2);
    }

    @Test
    void refaultsWithinTheEvictionWindowAreCounted() {
        //  0! 1! 2! 3!: as above, 0 evicted with min_seq 3                [3: 2 1] [4:] [5: 3*]
        //  0!: no aging; the tail 1 is evicted; 0's shadow says 3, min_seq is 3: a refault of tier 0
        //                                                                  [3: 2] [4:] [5: 0* 3*]
        //  1!: the youngest holds 2 of 3: age, max_seq 6; the tail 2 is evicted, min_seq 5; the counts of
        //      the oldest generation fold into the averages: refaulted (0 + 1) / 2 = 0, total (0 + 2) / 2 = 1;
        //      2's eviction counts anew. 1's shadow says 3: outside the window
        Mglru m = feed(new Mglru(3, Access.MAPPED), 0, 1, 2, 3, 0);
        assertThat(m.describe()).isEqualTo("[3: 2] [4:] [5: 0* 3*]");
        assertThat(measure(m, "refaults")).isEqualTo(1);
        assertThat(m.controller()).isEqualTo("1/2/0 avg 0/0 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0");
        feed(m, 1);
        assertThat(m.describe()).isEqualTo("[5: 0 3] [6: 1*]");
        assertThat(measure(m, "refaults")).isEqualTo(1);
        assertThat(m.controller()).isEqualTo("0/1/0 avg 0/1 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0");
        //  2!: two generations: age (1's bit), max_seq 7; the tail 3 is evicted. 2's shadow was made after its
        //      eviction moved min_seq to 5, so it says 5: a refault        [5: 0] [6: 1] [7: 2*]
        feed(m, 2);
        assertThat(m.describe()).isEqualTo("[5: 0] [6: 1] [7: 2*]");
        assertThat(measure(m, "refaults")).isEqualTo(2);
        assertThat(m.controller()).isEqualTo("1/2/0 avg 0/1 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0");
    }

    @Test
    void aPageReadNTimesIsInTierOrderBase2OfN() {
        assertThat(Mglru.tier(0)).isZero(); // N = 0, 1
        assertThat(Mglru.tier(1)).isEqualTo(1); // N = 2: PG_workingset
        assertThat(Mglru.tier(2)).isEqualTo(2); // N = 3
        assertThat(Mglru.tier(3)).isEqualTo(2); // N = 4
        assertThat(Mglru.tier(4)).isEqualTo(3); // N = 5 and more: LRU_REFS saturated
        // a page read in joins the oldest generation at the head; every read of a run counts
        Mglru m = new Mglru(3, Access.FILE);
        m.accept(new long[] {read(0, 1), read(1, 2), read(2, 5), read(2, 3)}, 4);
        m.finish();
        assertThat(m.describe()).isEqualTo("[0: 2.5 1.2 0.1] [1:] [2:] [3:]");
    }

    @Test
    void theControllerProtectsATierThatRefaultsMoreThanTierZero() {
        Mglru m = new Mglru(2, Access.FILE, 1);
        //  0!0 1!: 0 read twice (tier 1)                                  [0: 1.1 0.2] [1:] [2:] [3:]
        //  2!: tier_idx 3 (no refaults); no aging; the tail 0 is evicted from tier 1   [0: 2.1 1.1]
        //  0!0: the tail 1 is evicted (tier 0); 0 refaults in the window, tier 1       [0: 0.2 2.1]
        long[] runs = {read(0, 2), read(1, 1), read(2, 1), read(0, 2), read(3, 1)};
        m.accept(runs, 4);
        m.finish();
        assertThat(m.describe()).isEqualTo("[0: 0.2 2.1] [1:] [2:] [3:]");
        //  3!: tier 1 has refaulted 1 of total 1, tier 0 0 of 1: 1 * (1 + 1) * 1 <= (0 + 1) * 1 * 2, no error:
        //      tier_idx 3 (with the gains the other way round, 1 * 2 * 2 > 1 * 1 * 1 would protect tier 1)
        assertThat(m.tierIndex()).isEqualTo(3);
        //      the tail 2 is evicted                                       [0: 3.1 0.2]
        m.accept(new long[] {read(3, 1)}, 1);
        m.finish();
        assertThat(m.describe()).isEqualTo("[0: 3.1 0.2] [1:] [2:] [3:]");
        assertThat(m.controller()).startsWith("0/2/0 avg 0/0 | 1/1/0 avg 0/0 |");
        assertThat(m.tierIndex()).isZero();
        //  4!: now tier 0 has 0 of 2: 1 * (2 + 1) * 1 > (0 + 1) * 1 * 2: tier_idx 0, tiers 1.. protected.
        //      The tail 0 (tier 1) goes to the tail of min_seq + 1, its refs cleared    [0: 3.1] [1: 0]
        //      the tail 3 is evicted; generation 0 is empty: min_seq 1, the counts fold into the averages
        //                                                                  [1: 4.1 0] [2:] [3:]
        feed(m, 4);
        assertThat(m.describe()).isEqualTo("[1: 4.1 0] [2:] [3:]");
        assertThat(measure(m, "protected")).isEqualTo(1);
        assertThat(m.controller()).startsWith("0/1/0 avg 0/1 | 0/0/0 avg 0/1 |");
        //  5!: tier 1 has 0 refaults: tier_idx 3; three generations, none young, the oldest holds 2 of 2:
        //      no aging; the protected page, now tier 0, is evicted       [1: 5.1 4.1] [2:] [3:]
        feed(m, 5);
        assertThat(m.describe()).isEqualTo("[1: 5.1 4.1] [2:] [3:]");
        assertThat(m.isResident(0)).isFalse();
        // with the kernel's MIN_LRU_BATCH, 64, one refault of tier 1 is too few to protect it
        Mglru kernel = new Mglru(2, Access.FILE);
        kernel.accept(runs, runs.length);
        assertThat(kernel.tierIndex()).isEqualTo(3);
        feed(kernel, 4);
        assertThat(kernel.describe()).isEqualTo("[0: 4.1 3.1] [1:] [2:] [3:]");
        assertThat(measure(kernel, "protected")).isZero();
    }

    @Test
    void aPageEvictedWithSaturatedRefsComesBackInTierOne() {
        //  0 read five times (refs 4, tier 3), 1, 2!: 0 is evicted from tier 3
        //  0!: 1 is evicted from tier 0; 0 refaults in the window from tier 3 and comes back with PG_workingset;
        //      the read sets PG_referenced: two reads' worth, tier 1
        Mglru m = new Mglru(2, Access.FILE);
        m.accept(new long[] {read(0, 5), read(1, 1), read(2, 1), read(0, 1)}, 4);
        m.finish();
        assertThat(m.describe()).isEqualTo("[0: 0.2 2.1] [1:] [2:] [3:]");
        assertThat(m.controller()).isEqualTo("0/1/0 avg 0/0 | 0/0/0 avg 0/0 | 0/0/0 avg 0/0 | 1/1/0 avg 0/0");
    }

    @Test
    void dirtyVictimsAreWrittenBack() {
        //  W0! W1!                                                         [3: 1* 0*]
        //  R2!: ages twice, evicts 0, dirty: write-back 1                  [3: 1] [4:] [5: 2*]
        //  R3!: evicts 1, dirty: write-back 2; min_seq 4                   [4:] [5: 3* 2*]
        //  R0!: ages twice, evicts 2, clean                                [5: 3] [6:] [7: 0*]
        //  W3: a hit: dirty and accessed                                   [5: 3*] [6:] [7: 0*]
        //  R4!: 3 is accessed: promoted, not evicted                       [5:] [6:] [7: 3 0*]
        //       the youngest holds 2 of 2: age; min_seq 7; two generations: age; evicts 0, clean
        //                                                                  [7: 3] [8:] [9: 4*]
        //  R5!: evicts 3, dirty: write-back 3                              [8:] [9: 5* 4*]
        Mglru m = new Mglru(2, Access.MAPPED);
        assertThat(run(m, new long[] {write(0, 1), write(1, 1), read(2, 1), read(3, 1), read(0, 1), write(3, 1),
                read(4, 1), read(5, 1)})).isEqualTo(new PagingOutcome.Faults(7, Map.of(PagingOutcome.WRITE_BACKS, 3L,
                "refaults", 0L, "agings", 6L, "promotions", 1L, "protected", 0L)));
        assertThat(m.describe()).isEqualTo("[8:] [9: 5* 4*]");
    }

    @Test
    void theClassicStringAsTheNaiveModel() {
        long[] classic = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);
        // mapped: as LRU's 12 on this string; file: FIFO's 15, no tier having the 64 refaults to be protected
        for (boolean file : new boolean[] {false, true}) {
            PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new Mglru(3, file ? Access.FILE
                    : Access.MAPPED), classic);
            long model = ((PagingOutcome.Faults) new Model(3, file, 64).run(classic)).faults();
            assertThat(outcome.faults()).isEqualTo(model).isEqualTo(file ? 15 : 12);
        }
    }

    @Test
    void theControllerComparesExactlyPastALong() {
        long big = 1L << 40;
        assertThat(Mglru.atMost(big, big, big - 1, big + 2)).isTrue(); // 2^80 <= 2^80 + 2^40 - 2
        assertThat(Mglru.atMost(big - 1, big + 2, big, big)).isFalse();
        assertThat(Mglru.atMost(1L << 62, 4, 1, 1)).isFalse(); // 2^64, 0 in a long
        assertThat(Mglru.atMost(3, 4, 6, 2)).isTrue();
        assertThat(Mglru.atMost(3, 5, 7, 2)).isFalse();
    }

    @Test
    void rejectsBadSizes() {
        assertThatThrownBy(() -> new Mglru(0, Access.MAPPED)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Mglru(3, Access.FILE, -1)).hasMessage("batch: -1 (expected: >= 0)");
        assertThatThrownBy(() -> new Mglru(1, Access.MAPPED).accept(reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 1000)
    void asTheNaiveModel(@ForAll("strings") long[] runs, @ForAll @IntRange(min = 1, max = 6) int frames,
                         @ForAll boolean file, @ForAll @IntRange(min = 0, max = 3) int batch) {
        Mglru mglru = new Mglru(frames, file ? Access.FILE : Access.MAPPED, batch);
        Model model = new Model(frames, file, batch);
        PagingOutcome.Faults expected = (PagingOutcome.Faults) model.run(runs);
        for (long r : runs) {
            long agings = measure(mglru, "agings");
            mglru.accept(new long[] {r}, 1);
            // a run faults at most once, and an eviction ages at most twice
            assertThat(measure(mglru, "agings") - agings).isLessThanOrEqualTo(2);
        }
        mglru.finish();
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) mglru.outcome();
        assertThat(outcome.faults()).isEqualTo(expected.faults());
        assertThat(outcome.measures()).isEqualTo(Map.of(PagingOutcome.WRITE_BACKS,
                expected.measures().get(PagingOutcome.WRITE_BACKS), "refaults", model.refaults, "agings",
                model.agings, "promotions", model.promotions, "protected", model.protections));
        assertThat(mglru.minSeq()).isEqualTo(model.minSeq);
        assertThat(mglru.maxSeq()).isEqualTo(model.maxSeq);
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(9, 7, 150);
    }

    /** The rules on collections keyed by absolute generation numbers, fed one reference at a time. */
    static final class Model extends io.heaplab.paging.ReferenceModel {
        final int frames;
        final boolean file;
        final int batch;
        long minSeq;
        long maxSeq = 3;
        final TreeMap<Long, LinkedList<Integer>> lists = new TreeMap<>(); // by seq, head first
        final Map<Integer, Long> genOf = new HashMap<>(); // resident pages
        final Set<Integer> accessed = new HashSet<>();
        final Map<Integer, Integer> refs = new HashMap<>();
        final Set<Integer> referenced = new HashSet<>();
        final Map<Integer, long[]> shadows = new HashMap<>(); // {min_seq, refs}
        final long[][] now = new long[3][4]; // refaulted, evicted, protected
        final long[][] avg = new long[2][4]; // refaulted, total
        long refaults;
        long agings;
        long promotions;
        long protections;

        Model(int frames, boolean file, int batch) {
            this.frames = frames;
            this.file = file;
            this.batch = batch;
        }

        LinkedList<Integer> list(long seq) {
            return lists.computeIfAbsent(seq, s -> new LinkedList<>());
        }

        @Override
        protected void reference(int page) {
            if (genOf.containsKey(page)) {
                access(page);
                return;
            }
            faults++;
            if (genOf.size() == frames) {
                evict();
            }
            long[] shadow = shadows.remove(page);
            if (shadow != null && shadow[0] == minSeq) {
                now[0][tier((int) shadow[1])]++;
                refaults++;
                if (file && shadow[1] == 4) {
                    refs.put(page, 1);
                }
            }
            long seq = file ? minSeq : maxSeq;
            genOf.put(page, seq);
            list(seq).addFirst(page);
            access(page);
        }

        void access(int page) {
            if (!file) {
                accessed.add(page);
            } else if (referenced.add(page)) {
                return;
            } else {
                refs.merge(page, 1, (a, b) -> Math.min(4, a + b));
            }
        }

        static int tier(int refs) {
            return switch (refs) {
                case 0 -> 0;
                case 1 -> 1;
                case 2, 3 -> 2;
                default -> 3;
            };
        }

        void evict() {
            int tierIdx = tierIndex();
            while (true) {
                if (shouldAge()) {
                    for (int page : accessed) {
                        genOf.put(page, maxSeq);
                    }
                    accessed.clear();
                    maxSeq++;
                    agings++;
                }
                LinkedList<Integer> oldest = list(minSeq);
                if (oldest.isEmpty()) {
                    incMinSeq();
                    continue;
                }
                int page = oldest.removeLast();
                long seq = genOf.get(page);
                if (seq != minSeq) {
                    list(seq).addFirst(page);
                } else if (accessed.remove(page)) {
                    genOf.put(page, maxSeq);
                    list(maxSeq).addFirst(page);
                    promotions++;
                } else if (tier(refs.getOrDefault(page, 0)) > tierIdx) {
                    now[2][tier(refs.getOrDefault(page, 0))]++;
                    protections++;
                    refs.remove(page);
                    referenced.remove(page);
                    genOf.put(page, minSeq + 1);
                    list(minSeq + 1).addLast(page);
                } else {
                    genOf.remove(page);
                    incMinSeq();
                    int r = refs.getOrDefault(page, 0);
                    shadows.put(page, new long[] {minSeq, r});
                    now[1][tier(r)]++;
                    refs.remove(page);
                    referenced.remove(page);
                    evicted(page);
                    return;
                }
            }
        }

        boolean shouldAge() {
            long generations = maxSeq - minSeq + 1;
            if (generations < 3) {
                return true;
            }
            if (generations > 3) {
                return false;
            }
            long young = genOf.values().stream().filter(s -> s == maxSeq).count();
            long old = genOf.values().stream().filter(s -> s == minSeq).count();
            return young * 2 > genOf.size() || old * 4 < genOf.size();
        }

        void incMinSeq() {
            long before = minSeq;
            while (minSeq + 2 <= maxSeq && list(minSeq).isEmpty()) {
                minSeq++;
            }
            if (minSeq != before) {
                for (int t = 0; t < 4; t++) {
                    avg[0][t] = (avg[0][t] + now[0][t]) / 2;
                    avg[1][t] = (avg[1][t] + now[1][t] + now[2][t]) / 2;
                    now[0][t] = 0;
                    now[1][t] = 0;
                    now[2][t] = 0;
                }
            }
        }

        int tierIndex() {
            double spRefaulted = avg[0][0] + now[0][0];
            double spTotal = avg[1][0] + now[1][0] + now[2][0];
            for (int t = 1; t < 4; t++) {
                double pvRefaulted = avg[0][t] + now[0][t];
                double pvTotal = avg[1][t] + now[1][t] + now[2][t];
                if (!(pvRefaulted < batch || pvRefaulted * (spTotal + batch) <= (spRefaulted + 1) * pvTotal * 2)) {
                    return t - 1;
                }
            }
            return 3;
        }
    }
}
