package io.heaplab.paging.random;

import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RandomReplacementTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new RandomReplacement(frames, 1);
    }

    static PagingOutcome.Faults random(int frames, long seed, long... runs) {
        return (PagingOutcome.Faults) run(new RandomReplacement(frames, seed), runs);
    }

    /** A loop over 5 pages, 20 times round: every victim choice matters. */
    static long[] loop(boolean write) {
        long[] runs = new long[100];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = write ? write(i % 5, 1) : reads(i % 5)[0];
        }
        return runs;
    }

    @Provide
    Arbitrary<long[]> someTraces() {
        return PageTraces.traces(12, 300);
    }

    @Property(tries = 100)
    void theSameSeedGivesTheSameOutcome(@ForAll("someTraces") long[] runs, @ForAll long seed,
                                        @ForAll @IntRange(min = 1, max = 8) int frames) {
        assertThat(random(frames, seed, runs)).isEqualTo(random(frames, seed, runs.clone()));
    }

    @Test
    void differentSeedsCanGiveDifferentFaults() {
        Set<Long> faults = new HashSet<>();
        for (long seed = 0; seed < 10; seed++) {
            faults.add(random(3, seed, loop(false)).faults());
        }
        assertThat(faults).hasSizeGreaterThan(1);
    }

    @Test
    void whenEveryRunWritesEveryVictimIsWrittenBack() {
        // each page is dirtied by the run that loads it, so each of the faults after the 3 that fill memory
        // evicts a dirty page
        for (long seed = 0; seed < 10; seed++) {
            PagingOutcome.Faults outcome = random(3, seed, loop(true));
            assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS)).isEqualTo(outcome.faults() - 3);
        }
    }

    @Test
    void aLoopLargerThanMemoryFaultsLessThanUnderLru() {
        // LRU faults on all 100 references of the loop; a random victim is sometimes not the next page wanted
        assertThat(random(3, 1, loop(false)).faults()).isBetween(5L, 99L);
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new RandomReplacement(0, 1)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new RandomReplacement(1, 1).accept(reads(-1), 1))
                .hasMessage("page: -1 (expected: >= 0)");
    }
}
