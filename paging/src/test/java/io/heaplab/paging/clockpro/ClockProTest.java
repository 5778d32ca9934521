package io.heaplab.paging.clockpro;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The contract, strings worked by hand and a naive model. A state is the clock oldest first, as
 * {@link ClockPro#describe()} writes it: {@code h} hot, {@code c} resident cold, {@code n} non-resident (in its test
 * period), {@code t} a resident cold page in its test period, {@code *} a set reference bit; then {@code m_c}. In
 * the comments {@code *} after a page referenced marks a fault.
 */
class ClockProTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new ClockPro(frames, 0.01, true);
    }

    private static void feed(ClockPro c, int... pages) {
        c.accept(reads(pages), pages.length);
        c.finish();
    }

    @Test
    void everyHandInThreeFramesWithAFixedTarget() {
        // m = 3, m_c = 1: at most 2 hot pages, at most 3 non-resident ones
        ClockPro c = new ClockPro(3, 0.01, false);
        //  0* 1*: hot while fewer than m - m_c are; 2*: cold, in its test period
        feed(c, 0, 1, 2);
        assertThat(c.describe()).isEqualTo("0h 1h 2ct; mc=1");
        //  2 0: hits set the bits and move nothing; cold 2 stays cold
        feed(c, 2, 0);
        assertThat(c.describe()).isEqualTo("0h* 1h 2ct*; mc=1");
        //  3*: HAND_cold finds 2 referenced in its test period: hot at the head; 3 hot pages, so HAND_hot runs:
        //      0 is referenced, spared to the head with its bit cleared; 1 is not: cold at the head, no test.
        //      HAND_cold goes on to 1: unreferenced, out of test: evicted and forgotten; 3 cold in test
        feed(c, 3);
        assertThat(c.describe()).isEqualTo("2h 0h 3ct; mc=1");
        //  4*: HAND_cold evicts 3, in its test period: it stays, non-resident
        feed(c, 4);
        assertThat(c.describe()).isEqualTo("2h 0h 3n 4ct; mc=1");
        //  3*: HAND_cold evicts 4 (non-resident); 3 is a non-resident test page: hot at the head; HAND_hot demotes
        //      2; the oldest hot page is now 0, older than 4n, whose test goes on
        feed(c, 3);
        assertThat(c.describe()).isEqualTo("0h 4n 3h 2c; mc=1");
        assertThat(c.faultsSoFar()).isEqualTo(6);
        //  2: a hit on a cold page out of its test period
        //  5*: HAND_cold finds 2 referenced out of test: bit cleared, to the head, cold, a new test period; then 2
        //      again, unreferenced: evicted, and non-resident thanks to that new test period
        feed(c, 2, 5);
        assertThat(c.describe()).isEqualTo("0h 4n 3h 2n 5ct; mc=1");
        //  6*: 5 evicted, the third non-resident page: the bound m is not exceeded
        feed(c, 6);
        assertThat(c.describe()).isEqualTo("0h 4n 3h 2n 5n 6ct; mc=1");
        //  7*: 6 evicted, a fourth: HAND_test ends the oldest test period, 4's, which leaves the clock
        feed(c, 7);
        assertThat(c.describe()).isEqualTo("0h 3h 2n 5n 6n 7ct; mc=1");
        //  2*: HAND_cold evicts 7, a fourth non-resident page: HAND_test ends 2's test period, the oldest; so 2 is
        //      no longer on the clock and comes in as a new cold page
        feed(c, 2);
        assertThat(c.describe()).isEqualTo("0h 3h 5n 6n 7n 2ct; mc=1");
        //  0: a hit on a hot page
        //  6*: HAND_cold evicts 2, a fourth: HAND_test ends 5's test period. 6 is still in test: hot at the head;
        //      HAND_hot spares 0 (to the head) and demotes 3. The oldest hot page is now 6: the hand passed 7n and
        //      2n, whose test periods end, and they leave the clock
        feed(c, 0, 6);
        assertThat(c.describe()).isEqualTo("6h 0h 3c; mc=1");
        // faults: 0 1 2 3 4 3 5 6 7 2 6
        assertThat(c.faultsSoFar()).isEqualTo(11);
    }

    @Test
    void handHotEndsTheTestPeriodOfAResidentColdPageItPasses() {
        // m = 4, m_c = 2: at most 2 hot pages
        ClockPro c = new ClockPro(4, 0.5, false);
        feed(c, 0, 1, 2, 3, 0, 1, 2);
        assertThat(c.describe()).isEqualTo("0h* 1h* 2ct* 3ct; mc=2");
        //  4*: HAND_cold promotes 2 (referenced in test): 3 hot. HAND_hot spares 0 and 1 to the head, then finds
        //      2 unreferenced at the tail of the hot pages: cold at the head, no test. The oldest hot page is now
        //      0, and the hand passed 3: its test period ends, it stays resident. HAND_cold goes on to 3, out of
        //      test and unreferenced: evicted and forgotten
        feed(c, 4);
        assertThat(c.describe()).isEqualTo("0h 1h 2c 4ct; mc=2");
    }

    @Test
    void aRunOfTwoLoadsAPageReferenced() {
        ClockPro c = new ClockPro(3, 0.01, true);
        c.accept(new long[] {read(0, 1), read(1, 1), read(2, 2)}, 3);
        c.finish();
        assertThat(c.describe()).isEqualTo("0h 1h 2ct*; mc=1");
    }

    @Test
    void theColdTargetGrowsWhenARefaultComesInItsTestPeriodAndShrinksWhenAPeriodLapses() {
        // m = 4, m_c = 1 in [1, 3]; at most 4 non-resident pages
        ClockPro c = new ClockPro(4, 0.01, true);
        feed(c, 0, 1, 2, 3, 4);
        assertThat(c.describe()).isEqualTo("0h 1h 2h 3n 4ct; mc=1");
        //  3*: HAND_cold evicts 4; 3, non-resident in test, is referenced in its test period: m_c = 2; hot at the
        //      head, 4 hot pages for 2: HAND_hot demotes 0, then 1; 4n is younger than the oldest hot page 2
        feed(c, 3);
        assertThat(c.describe()).isEqualTo("2h 4n 3h 0c 1c; mc=2");
        //  5* 6*: HAND_cold evicts 0, then 1, out of test: forgotten
        //  7* 8* 9*: 5, 6 and 7 are evicted in their test periods: 4 non-resident pages
        feed(c, 5, 6, 7, 8, 9);
        assertThat(c.describe()).isEqualTo("2h 4n 3h 5n 6n 7n 8ct 9ct; mc=2");
        //  10*: 8 evicted, a fifth: HAND_test ends 4's test period, unreferenced: m_c = 1
        feed(c, 10);
        assertThat(c.describe()).isEqualTo("2h 3h 5n 6n 7n 8n 9ct 10ct; mc=1");
        //  11*: 9 evicted; HAND_test ends 5's period: m_c would be 0, stays 1
        feed(c, 11);
        assertThat(c.describe()).isEqualTo("2h 3h 6n 7n 8n 9n 10ct 11ct; mc=1");
        assertThat(((PagingOutcome.Faults) c.outcome()).measures()).containsEntry(ClockPro.COLD_TARGET, 1);
    }

    @Test
    void aFixedTargetStaysPut() {
        //  as above to 3*: the target stays at 1, so HAND_hot demotes only 0
        ClockPro c = new ClockPro(4, 0.01, false);
        feed(c, 0, 1, 2, 3, 4, 3);
        assertThat(c.describe()).isEqualTo("1h 2h 4n 3h 0c; mc=1");
    }

    @Test
    void aTestPeriodAHandEndsOnAResidentPageCountsItsBit() {
        // m = 4, m_c = 2 in [1, 3]
        //  4*: HAND_cold promotes 2, referenced in test: m_c = 3, one hot page allowed. HAND_hot spares 0 and 1,
        //      demotes 2, and ends the test period of 3, which it passed: unreferenced, m_c = 2; 2 hot pages are
        //      allowed again. HAND_cold evicts 3, out of test
        ClockPro unreferenced = new ClockPro(4, 0.5, true);
        feed(unreferenced, 0, 1, 2, 3, 0, 1, 2, 4);
        assertThat(unreferenced.describe()).isEqualTo("0h 1h 2c 4ct; mc=2");
        //  with 3 referenced too: its period ends referenced, m_c = 3 (4 is clipped to 3); one hot page allowed:
        //  HAND_hot demotes 0 (its bit was cleared). HAND_cold finds 3 referenced out of test: to the head in a new
        //  test period; then evicts 2
        ClockPro referenced = new ClockPro(4, 0.5, true);
        feed(referenced, 0, 1, 2, 3, 0, 1, 2, 3, 4);
        assertThat(referenced.describe()).isEqualTo("1h 0c 3ct 4ct; mc=3");
    }

    @Test
    void theColdTargetStaysWithinOneAndFramesLessOne() {
        // m = 3, m_c = 2 = m - 1: 0* hot, 1* 2* cold; 1 hit in its test period
        //  3*: HAND_cold promotes 1: m_c would be 3, stays 2; HAND_hot demotes 0 and passes 2, whose period ends
        //      unreferenced: m_c = 1 (from 3 it would be 2). HAND_cold evicts 2, out of test
        ClockPro top = new ClockPro(3, 0.67, true);
        feed(top, 0, 1, 2, 1, 3);
        assertThat(top.describe()).isEqualTo("1h 0c 3ct; mc=1");
        // m = 2: m_c is 1 in [1, 1]
        //  0* hot, 1* cold; 2*: 1 evicted in test; 1*: 2 evicted in test, 1 refaults: m_c stays 1; HAND_hot demotes
        //  0 and passes 2n: its period ends, m_c would be 0, stays 1
        ClockPro bottom = new ClockPro(2, 0.01, true);
        feed(bottom, 0, 1, 2, 1);
        assertThat(bottom.describe()).isEqualTo("1h 0c; mc=1");
    }

    @Test
    void theInitialTargetIsAShareOfTheFramesWithinItsBounds() {
        assertThat(ClockPro.initialColdTarget(1000, 0.01)).isEqualTo(10);
        assertThat(ClockPro.initialColdTarget(3, 0.01)).isEqualTo(1);
        assertThat(ClockPro.initialColdTarget(4, 1)).isEqualTo(3);
        assertThat(ClockPro.initialColdTarget(1, 0.5)).isEqualTo(1);
        assertThat(ClockPro.initialColdTarget(4, 0)).isEqualTo(1);
    }

    @Test
    void dirtyVictimsAreWrittenBack() {
        //  W0* W1* W2*           0h 1h 2ct
        //  R3*: evicts 2, dirty: write-back 1                         0h 1h 2n 3ct
        //  R2*: evicts 3, clean; 2 hot (clean now), 0 demoted         1h 3n 2h 0c
        //  R4*: evicts 0, dirty: write-back 2                         1h 3n 2h 4ct
        ClockPro c = new ClockPro(3, 0.01, false);
        assertThat(run(c, new long[] {write(0, 1), write(1, 1), write(2, 1), read(3, 1), read(2, 1), read(4, 1)}))
                .isEqualTo(FixedMemoryOutcome.of(6, 2, Map.entry(ClockPro.COLD_TARGET, 1)));
        assertThat(c.describe()).isEqualTo("1h 3n 2h 4ct; mc=1");
    }

    @Test
    void rejectsBadSizes() {
        assertThatThrownBy(() -> new ClockPro(0, 0.01, true)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new ClockPro(4, 1.5, true)).hasMessage("cold: 1.5 (expected: 0 <= cold <= 1)");
        assertThatThrownBy(() -> new ClockPro(1, 0.01, true).accept(reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }

    @Property(tries = 500)
    void asTheNaiveModel(@ForAll("strings") long[] runs, @ForAll @IntRange(min = 1, max = 8) int frames,
                         @ForAll @IntRange(min = 0, max = 4) int coldQuarters, @ForAll boolean adaptive) {
        double cold = coldQuarters / 4.0;
        ClockPro clockPro = new ClockPro(frames, cold, adaptive);
        Model model = new Model(frames, cold, adaptive);
        PagingOutcome.Faults expected = (PagingOutcome.Faults) model.run(runs);
        assertThat(run(clockPro, runs)).isEqualTo(FixedMemoryOutcome.of(expected.faults(),
                expected.measures().get(PagingOutcome.WRITE_BACKS).longValue(),
                Map.entry(ClockPro.COLD_TARGET, model.mc)));
        assertThat(clockPro.describe()).isEqualTo(model.describe());
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(11, 3, 80);
    }

    /**
     * The rules on one list, oldest first, each hand found by walking it from the oldest page: the oldest hot
     * page, the oldest resident cold page, the oldest page in its test period; fed one reference at a time.
     */
    static final class Model extends io.heaplab.paging.ReferenceModel {
        final int frames;
        final boolean adaptive;
        int mc;
        final LinkedList<Integer> clock = new LinkedList<>();
        final Set<Integer> hot = new HashSet<>();
        final Set<Integer> cold = new HashSet<>(); // resident
        final Set<Integer> test = new HashSet<>();
        final Set<Integer> ref = new HashSet<>();

        Model(int frames, double cold, boolean adaptive) {
            this.frames = frames;
            this.adaptive = adaptive;
            this.mc = Math.min(Math.max(1, frames - 1), Math.max(1, (int) Math.floor(frames * cold)));
        }

        @Override
        protected void reference(int x) {
            if (hot.contains(x) || cold.contains(x)) {
                ref.add(x);
                return;
            }
            faults++;
            if (hot.size() + cold.size() < frames) {
                clock.addLast(x);
                if (hot.size() < frames - mc) {
                    hot.add(x);
                } else {
                    cold.add(x);
                    test.add(x);
                }
                return;
            }
            handCold();
            if (test.remove(x)) {
                adapt(1);
                hot.add(x);
                toHead(x);
                while (hot.size() > frames - mc) {
                    handHot();
                }
            } else {
                cold.add(x);
                test.add(x);
                toHead(x);
            }
        }

        void handCold() {
            while (true) {
                Integer c = clock.stream().filter(cold::contains).findFirst().orElseThrow();
                if (ref.remove(c)) {
                    if (test.remove(c)) {
                        adapt(1);
                        cold.remove(c);
                        hot.add(c);
                        toHead(c);
                        while (hot.size() > frames - mc) {
                            handHot();
                        }
                    } else {
                        toHead(c);
                        test.add(c);
                    }
                } else {
                    cold.remove(c);
                    evicted(c);
                    if (test.contains(c)) {
                        while (clock.stream().filter(p -> !hot.contains(p) && !cold.contains(p)).count() > frames) {
                            endTest(clock.stream().filter(test::contains).findFirst().orElseThrow());
                        }
                    } else {
                        clock.remove(c);
                    }
                    return;
                }
            }
        }

        void handHot() {
            while (true) {
                Integer h = clock.stream().filter(hot::contains).findFirst().orElseThrow();
                toHead(h);
                if (!ref.remove(h)) {
                    hot.remove(h);
                    cold.add(h);
                    break;
                }
            }
            for (Integer p : clock.stream().takeWhile(p -> !hot.contains(p)).filter(test::contains).toList()) {
                endTest(p);
            }
        }

        void endTest(Integer p) {
            test.remove(p);
            if (cold.contains(p)) {
                adapt(ref.contains(p) ? 1 : -1);
            } else {
                clock.remove(p);
                adapt(-1);
            }
        }

        void toHead(Integer p) {
            clock.remove(p);
            clock.addLast(p);
        }

        void adapt(int change) {
            if (adaptive) {
                mc = Math.min(Math.max(1, frames - 1), Math.max(1, mc + change));
            }
        }

        String describe() {
            return clock.stream().map(p -> p + (hot.contains(p) ? "h" : cold.contains(p) ? "c" : "n")
                            + (cold.contains(p) && test.contains(p) ? "t" : "") + (ref.contains(p) ? "*" : ""))
                    .collect(Collectors.joining(" ")) + "; mc=" + mc;
        }
    }
}
