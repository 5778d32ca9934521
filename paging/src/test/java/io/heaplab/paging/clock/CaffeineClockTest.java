package io.heaplab.paging.clock;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Cases worked by hand (queues written head first, {@code '} a set mark) and a naive model. Not the fixed-memory
 * contract: Caffeine's Clock is not demand paging, since a fault may load nothing, so a run can fault twice and
 * one frame does not fault once per change of page; the properties that hold are checked here.
 */
class CaffeineClockTest {

    static long faults(int frames, long... runs) { // varargs: a string of runs
        return ((PagingOutcome.Faults) run(new CaffeineClock(frames), runs)).faults();
    }

    @Test
    void aNewcomerEvictsItselfWhenEveryPageIsMarked() {
        // 2 frames, 0 1 0 1 2 0: [0' 1']; 2 queued [0' 1' 2]: 0 and 1 unmarked and moved behind it, then the hand
        // is on 2, unmarked: it leaves [0 1]; 0 hits. Clock (either variant) replaces 0 and faults on it again
        assertThat(faults(2, reads(0, 1, 0, 1, 2, 0))).isEqualTo(3);
        assertThat(((PagingOutcome.Faults) run(new Clock(2, 1, false), reads(0, 1, 0, 1, 2, 0))).faults()).isEqualTo(4);
        // 2 twice: the first leaves at once, the second finds 0 unmarked and replaces it [1 2]; 0 faults: 2 + 2 + 1
        assertThat(faults(2, read(0, 1), read(1, 1), read(0, 1), read(1, 1), read(2, 2), read(0, 1))).isEqualTo(5);
    }

    @Test
    void thePagesPassedOverComeRoundAfterTheNewcomer() {
        // 3 frames, 0 1 2 0: [0' 1 2]; 3: [0' 1 2 3], 0 unmarked to the tail [1 2 3 0], 1 leaves: [2 3 0]
        // 4 replaces 2 [3 0 4], 5 replaces 3 [0 4 5], so 0 hits: 6 faults. Clock's hand, where the page 0 it
        // cleared lies before the newcomer 3, replaces 1, then 2, then 0, and 0 faults: 7
        long[] string = reads(0, 1, 2, 0, 3, 4, 5, 0);
        assertThat(faults(3, string)).isEqualTo(6);
        assertThat(((PagingOutcome.Faults) run(new Clock(3, 1, false), string)).faults()).isEqualTo(7);
    }

    @Test
    void aDirtyVictimIsWrittenBackAndSoIsAWriteThatEvictsItself() {
        // 1 frame: W0 [0]; W1 queued [0 1]: 0 unmarked leaves, written back [1]; a hit marks 1;
        // W2: [1' 2], 1 moved behind [2 1], 2 leaves at once: its write goes straight out, a write-back;
        // R3 replaces 1, written by W1: written back
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new CaffeineClock(1),
                new long[] {write(0, 1), write(1, 1), read(1, 1), write(2, 1), read(3, 1)});
        assertThat(outcome.faults()).isEqualTo(4);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(3);
        // R0 twice [0'], then a run of three to 1 that writes: 1 queued [0' 1], 0 behind it [1 0], 1 leaves; its
        // second reference replaces 0 and the run's write dirties it: no write-back until it leaves
        PagingOutcome.Faults twice = (PagingOutcome.Faults) run(new CaffeineClock(1),
                new long[] {read(0, 2), write(1, 3)});
        assertThat(twice.faults()).isEqualTo(3);
        assertThat(twice.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isZero();
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(9, 3, 80);
    }

    @Property(tries = 400)
    void sameFaultsAndWriteBacksAsANaiveQueue(@ForAll("strings") long[] runs,
                                             @ForAll @IntRange(min = 1, max = 6) int frames) {
        CaffeineClock clock = new CaffeineClock(frames);
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(clock, runs);
        long[] expected = naive(frames, runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
        clock.finish();
    }

    /** Caffeine's {@code LinkedPolicy} with its CLOCK rule, reference by reference: faults and write-backs. */
    static long[] naive(int frames, long[] runs) {
        LinkedList<Integer> queue = new LinkedList<>(); // head first
        Set<Integer> marked = new HashSet<>();
        Set<Integer> dirty = new HashSet<>();
        long faults = 0;
        long writeBacks = 0;
        for (long run : runs) {
            Integer x = PageRun.page(run);
            for (int i = 0; i < PageRun.count(run); i++) {
                if (queue.contains(x)) {
                    marked.add(x);
                    continue;
                }
                faults++;
                queue.addLast(x);
                while (queue.size() > frames) {
                    Integer head = queue.removeFirst();
                    if (marked.remove(head)) {
                        queue.addLast(head);
                    } else if (dirty.remove(head)) {
                        writeBacks++;
                    }
                }
            }
            if (PageRun.isWrite(run) && queue.contains(x)) {
                dirty.add(x);
            } else if (PageRun.isWrite(run)) {
                writeBacks++; // turned away: the write goes straight out
            }
        }
        return new long[] {faults, writeBacks};
    }

    @Property(tries = 200)
    void batchingDoesNotMatterAndFaultsLieBetweenDistinctPagesAndReferences(@ForAll("strings") long[] runs,
            @ForAll @IntRange(min = 1, max = 6) int frames) {
        PagingOutcome whole = run(new CaffeineClock(frames), runs);
        CaffeineClock oneByOne = new CaffeineClock(frames);
        for (long r : runs) {
            oneByOne.accept(new long[] {r}, 1);
        }
        assertThat(oneByOne.outcome()).isEqualTo(whole);
        long references = java.util.Arrays.stream(runs).map(PageRun::count).sum();
        assertThat(((PagingOutcome.Faults) whole).faults()).isBetween((long) PageTraces.distinctPages(runs),
                references);
    }

    @Property(tries = 100)
    void runsOfAnyLengthEndAndKeepTheQueueSound(@ForAll("longRuns") long[] runs,
                                                @ForAll @IntRange(min = 1, max = 6) int frames) {
        CaffeineClock clock = new CaffeineClock(frames);
        clock.accept(runs, runs.length);
        clock.finish();
        assertThat(clock.faultsSoFar()).isLessThanOrEqualTo(2L * runs.length);
        clock.startMeasuring();
        clock.accept(runs, runs.length);
        assertThat(((PagingOutcome.Faults) clock.outcome()).faults()).isEqualTo(clock.faultsSoFar());
    }

    @Provide
    Arbitrary<long[]> longRuns() {
        return PageTraces.traces(9, 60); // now and then a run of up to Integer.MAX_VALUE references
    }

    @Test
    void measuresOnlyWriteBacks() {
        assertThat(((PagingOutcome.Faults) run(new CaffeineClock(2), reads(0, 1, 2))).measures().keySet())
                .isEqualTo(Map.of(PagingOutcome.WRITE_BACKS, 0L).keySet());
    }
}
