package io.heaplab.paging.sieve;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.fifo.Fifo;
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
 * The contract, and cases worked by hand. In the comments the queue is written oldest (tail) first, as
 * {@link Sieve#describe()} writes it: {@code *} marks a visited page, brackets the page the hand rests on (none:
 * the next eviction starts at the tail), {@code d} a dirty page.
 */
class SieveTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new Sieve(frames);
    }

    static PagingOutcome.Faults sieve(int frames, long... runs) {
        return (PagingOutcome.Faults) run(new Sieve(frames), runs);
    }

    /** Feeds {@code runs} and returns the queue as {@link Sieve#describe()} writes it. */
    static String state(Sieve sieve, long... runs) {
        sieve.accept(runs, runs.length);
        return sieve.describe();
    }

    @Test
    void aHitSetsTheBitAndTheHandSkipsAndClearsIt() {
        Sieve sieve = new Sieve(3);
        //  0* 1* 2* fill, new pages unvisited     0 1 2
        assertThat(state(sieve, reads(0, 1, 2))).isEqualTo("0 1 2");
        //  0 : hit sets the bit                   0* 1 2
        assertThat(state(sieve, reads(0))).isEqualTo("0* 1 2");
        //  3*: hand from the tail: 0 visited, cleared and kept; 1 evicted; hand on 2     0 [2] 3
        assertThat(state(sieve, reads(3))).isEqualTo("0 [2] 3");
        //  0 : hit, FIFO would have evicted it    0* [2] 3
        assertThat(state(sieve, reads(0))).isEqualTo("0* [2] 3");
        //  1*: hand on 2, evicted; hand on 3      0* [3] 1
        assertThat(state(sieve, reads(1))).isEqualTo("0* [3] 1");
        // -> 5 faults; FIFO evicts 0 at 3 and faults on it again, then on 1: 6
        long[] all = reads(0, 1, 2, 0, 3, 0, 1);
        assertThat(sieve(3, all).faults()).isEqualTo(5);
        assertThat(((PagingOutcome.Faults) run(new Fifo(3), all)).faults()).isEqualTo(6);
    }

    @Test
    void theHandStaysWhereItStoppedAndTheNextEvictionResumesThere() {
        Sieve sieve = new Sieve(3);
        //  0* 1* 2* 0 3*: as above                0 [2] 3          travel 2
        state(sieve, reads(0, 1, 2, 0, 3));
        //  4*: from the hand, not the tail: 2 evicted (0, older, stays); hand on 3     0 [3] 4   travel 1
        assertThat(state(sieve, reads(4))).isEqualTo("0 [3] 4");
        //  0 : hit                                0* [3] 4
        //  5*: 3 evicted; hand on 4               0* [4] 5         travel 1
        assertThat(state(sieve, reads(0, 5))).isEqualTo("0* [4] 5");
        //  3*: 4 evicted; hand on 5               0* [5] 3         travel 1
        //  4*: 5 evicted; hand on 3               0* [3] 4         travel 1
        assertThat(state(sieve, reads(3, 4))).isEqualTo("0* [3] 4");
        //  0 : hit
        // -> faults 0 1 2 3 4 5 3 4 = 8; 5 evictions travel 6
        PagingOutcome.Faults outcome = sieve(3, reads(0, 1, 2, 0, 3, 4, 0, 5, 3, 4, 0));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(8,
                Map.of(PagingOutcome.WRITE_BACKS, 0L, "meanPointerTravel", 6.0 / 5)));
    }

    @Test
    void theHandWrapsFromTheHeadToTheTailAndANewPageIsTheFirstToGo() {
        Sieve sieve = new Sieve(3);
        //  0* 1* 2* fill; 0 2 hits                0* 1 2*
        //  3*: 0 cleared, 1 evicted; hand on 2    0 [2*] 3
        //  3 : hit                                0 [2*] 3*
        assertThat(state(sieve, reads(0, 1, 2, 0, 2, 3, 3))).isEqualTo("0 [2*] 3*");
        //  4*: 2 and 3 cleared, past the head to the tail: 0 evicted; hand on 2      [2] 3 4   travel 3
        assertThat(state(sieve, reads(4))).isEqualTo("[2] 3 4");
        //  3 : hit                              [2] 3* 4
        //  5*: 2 evicted; hand on 3               [3*] 4 5
        //  6*: 3 cleared, 4 evicted (new, never used, before older 3); hand on 5     3 [5] 6
        assertThat(state(sieve, reads(3, 5))).isEqualTo("[3*] 4 5");
        assertThat(state(sieve, reads(6))).isEqualTo("3 [5] 6");
        //  5 : hit                              3 [5*] 6
        //  7*: 5 cleared, 6 evicted: the head, so the hand goes past it, to the tail next time     3 5 7
        assertThat(state(sieve, reads(5, 7))).isEqualTo("3 5 7");
        //  8*: from the tail: 3 evicted; hand on 5                                                 [5] 7 8
        assertThat(state(sieve, reads(8))).isEqualTo("[5] 7 8");
    }

    @Test
    void aRunOfMoreThanOneReferenceLoadsItsPageVisited() {
        // 2 frames: R0 x2 (a fault, then a hit), R1     0* 1;  R2*: 0 cleared, 1 (the head) evicted   0 2
        assertThat(state(new Sieve(2), read(0, 2), read(1, 1), read(2, 1))).isEqualTo("0 2");
        // one reference: 0 is unvisited and goes first
        assertThat(state(new Sieve(2), read(0, 1), read(1, 1), read(2, 1))).isEqualTo("[1] 2");
    }

    @Test
    void aDirtyVictimIsWrittenBack() {
        // 2 frames:
        //  W0* R1*                      0d 1
        //  R2*: 0 evicted, dirty: write-back 1; hand on 1      [1] 2
        //  W1 : hit, dirty              [1*d] 2
        //  R3*: 1 cleared, 2 evicted (clean); hand past the head    1d 3
        //  R4*: from the tail: 1 evicted, dirty: write-back 2       [3] 4
        // -> 5 faults, 2 write-backs; 1 + 2 + 1 pages examined in 3 evictions
        PagingOutcome.Faults outcome = sieve(2, write(0, 1), read(1, 1), read(2, 1), write(1, 1), read(3, 1),
                read(4, 1));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(5,
                Map.of(PagingOutcome.WRITE_BACKS, 2L, "meanPointerTravel", 4.0 / 3)));
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Sieve(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Sieve(1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Provide
    Arbitrary<long[]> shortTraces() {
        return PageTraces.traces(12, 120);
    }

    @Property(tries = 300)
    void sameFaultsAndWriteBacksAsANaiveListModel(@ForAll("shortTraces") long[] runs,
                                                   @ForAll @IntRange(min = 1, max = 8) int frames) {
        PagingOutcome.Faults outcome = sieve(frames, runs);
        long[] expected = NaiveSieve.run(frames, runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
    }

    /** SIEVE as the paper states it, on a list indexed oldest first, with no care for cost. */
    static final class NaiveSieve {

        /** Faults and write-backs. */
        static long[] run(int frames, long[] runs) {
            List<Integer> queue = new ArrayList<>();
            Set<Integer> visited = new HashSet<>();
            Set<Integer> dirty = new HashSet<>();
            Integer hand = null;
            long faults = 0;
            long writeBacks = 0;
            for (long r : runs) {
                int page = PageRun.page(r);
                if (queue.contains(page)) {
                    visited.add(page);
                } else {
                    faults++;
                    if (queue.size() == frames) {
                        int i = hand == null ? 0 : queue.indexOf(hand);
                        while (visited.remove(queue.get(i))) {
                            i = (i + 1) % queue.size();
                        }
                        hand = i + 1 < queue.size() ? queue.get(i + 1) : null;
                        int victim = queue.remove(i);
                        writeBacks += dirty.remove(victim) ? 1 : 0;
                    }
                    queue.add(page);
                    if (PageRun.count(r) > 1) {
                        visited.add(page);
                    }
                }
                if (PageRun.isWrite(r)) {
                    dirty.add(page);
                }
            }
            return new long[] {faults, writeBacks};
        }
    }
}
