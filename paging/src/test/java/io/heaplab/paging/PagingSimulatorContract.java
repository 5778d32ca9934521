package io.heaplab.paging;

import static io.heaplab.paging.Traces.distinctPages;
import static io.heaplab.paging.Traces.read;
import static io.heaplab.paging.Traces.run;
import static io.heaplab.paging.Traces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * What every page-replacement simulator must do, whatever its policy. A policy's test extends this and says how
 * to make a simulator with a number of frames.
 */
public abstract class PagingSimulatorContract {

    /** A fresh simulator with {@code frames} frames of empty memory. */
    protected abstract PagingSimulator create(int frames);

    /** The faults with {@code frames} frames that {@code outcome} reports; a curve is read at that size. */
    protected long faults(PagingOutcome outcome, int frames) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> f.faults();
            case PagingOutcome.Curve c -> c.faultsAt(frames);
        };
    }

    @Provide
    Arbitrary<long[]> traces() {
        return Traces.traces(15, 300);
    }

    @Test
    void anEmptyTraceHasNoFaults() {
        assertThat(faults(run(create(3), new long[0]), 3)).isZero();
    }

    @Test
    void aTraceOfOnePageFaultsOnce() {
        long[] runs = {read(7, 1), write(7, 5), read(7, 1), write(7, Integer.MAX_VALUE), read(7, 3)};
        for (int frames : new int[] {1, 2, 5}) {
            assertThat(faults(run(create(frames), runs), frames)).as("%d frames", frames).isEqualTo(1);
        }
    }

    @Property(tries = 200)
    void faultsLieBetweenDistinctPagesAndRuns(@ForAll("traces") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 12) int frames) {
        assertThat(faults(run(create(frames), runs), frames)).isBetween((long) distinctPages(runs), (long) runs.length);
    }

    @Property(tries = 200)
    void withAFrameForEveryPageOnlyFirstReferencesFault(@ForAll("traces") long[] runs,
                                                        @ForAll @IntRange(min = 0, max = 3) int spare) {
        int frames = Math.max(1, distinctPages(runs) + spare);
        assertThat(faults(run(create(frames), runs), frames)).isEqualTo(distinctPages(runs));
    }

    @Property(tries = 100)
    void howTheRunsAreBatchedDoesNotMatter(@ForAll("traces") long[] runs,
                                           @ForAll @IntRange(min = 1, max = 40) int batchSize,
                                           @ForAll @IntRange(min = 1, max = 8) int frames) {
        assertThat(run(create(frames), runs, batchSize)).isEqualTo(run(create(frames), runs));
    }

    @Property(tries = 200)
    void aMeasuredPhaseCountsTheFaultsOfTheWholeRunLessTheWarmUp(@ForAll("traces") long[] runs,
                                                                 @ForAll @IntRange(min = 0, max = 300) int split,
                                                                 @ForAll @IntRange(min = 1, max = 8) int frames) {
        int warmUp = Math.min(split, runs.length);
        long whole = faults(run(create(frames), runs), frames);
        PagingSimulator simulator = create(frames);
        simulator.accept(Arrays.copyOf(runs, warmUp), warmUp);
        long before = faults(simulator.outcome(), frames);
        simulator.startMeasuring();
        long[] rest = Arrays.copyOfRange(runs, warmUp, runs.length);
        simulator.accept(rest, rest.length);
        simulator.finish();
        assertThat(before + faults(simulator.outcome(), frames)).isEqualTo(whole);
    }

    @Property(tries = 100)
    void theSameTraceGivesTheSameOutcome(@ForAll("traces") long[] runs,
                                         @ForAll @IntRange(min = 1, max = 8) int frames) {
        assertThat(run(create(frames), runs.clone())).isEqualTo(run(create(frames), runs));
    }
}
