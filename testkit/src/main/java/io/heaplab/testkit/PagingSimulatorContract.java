package io.heaplab.testkit;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * What every page-replacement simulator must do, whatever its policy. A policy's test extends this (or
 * {@link FixedMemoryContract}) and says how to make a simulator of a given size.
 */
public abstract class PagingSimulatorContract {

    /** A fresh simulator with empty memory of {@code size}: frames, or the window of a variable-memory policy. */
    protected abstract PagingSimulator create(int size);

    /**
     * Whether the policy decides with the future (OPT, VMIN): it buffers the references and its outcome is known
     * only once it has been finished, so faults before the measured phase cannot be read part way.
     */
    protected boolean looksAhead() {
        return false;
    }

    /** The faults at {@code size} that {@code outcome} reports; a curve is read at that size. */
    protected long faults(PagingOutcome outcome, int size) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> f.faults();
            case PagingOutcome.Curve c -> c.faultsAt(size);
        };
    }

    /** The write-backs at {@code size} that {@code outcome} reports. */
    protected static long writeBacks(PagingOutcome outcome, int size) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> {
                assertThat(f.measures()).containsKey(PagingOutcome.WRITE_BACKS);
                yield f.measures().get(PagingOutcome.WRITE_BACKS).longValue();
            }
            case PagingOutcome.Curve c -> {
                int at = c.indexAt(size);
                yield at < 0 ? 0 : c.writeBacks()[at];
            }
        };
    }

    @Provide
    Arbitrary<long[]> traces() {
        return PageTraces.traces(15, 300);
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
    void everyPolicyCountsWriteBacksAndNoMoreThanThereWereWrites(@ForAll("traces") long[] runs,
                                                              @ForAll @IntRange(min = 1, max = 12) int size) {
        PagingOutcome outcome = run(create(size), runs);
        long writeBacks = writeBacks(outcome, size);
        // each write-back answers a run that wrote the page since it was loaded or last cleaned
        assertThat(writeBacks).isBetween(0L, writeRuns(runs));
    }

    @Property(tries = 100)
    void aTraceWithoutWritesWritesNothingBack(@ForAll("traces") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 12) int size) {
        long[] reads = runs.clone();
        for (int i = 0; i < reads.length; i++) {
            reads[i] = read(PageRun.page(reads[i]), PageRun.count(reads[i]));
        }
        assertThat(writeBacks(run(create(size), reads), size)).isZero();
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
        if (looksAhead()) {
            PagingSimulator simulator = create(frames);
            simulator.accept(Arrays.copyOf(runs, warmUp), warmUp);
            simulator.startMeasuring();
            long[] rest = Arrays.copyOfRange(runs, warmUp, runs.length);
            simulator.accept(rest, rest.length);
            simulator.finish();
            // the same decisions are made; only the faults after the split are counted
            assertThat(faults(simulator.outcome(), frames)).isBetween(whole - warmUp, whole);
            return;
        }
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
    void faultsSoFarWhenCountedAreTheOutcomesFaultsAtEveryStep(@ForAll("traces") long[] runs,
                                                              @ForAll @IntRange(min = 1, max = 8) int frames) {
        PagingSimulator simulator = create(frames);
        if (simulator.faultsSoFar() < 0) {
            return; // a policy that knows its faults only at the end says so, and is not charged by phase
        }
        assertThat(looksAhead()).as("a policy that looks ahead cannot count its faults as it goes").isFalse();
        assertThat(simulator.faultsSoFar()).isZero();
        for (int i = 0; i < runs.length; i++) {
            simulator.accept(new long[] {runs[i]}, 1);
            assertThat(simulator.faultsSoFar()).isEqualTo(faults(simulator.outcome(), frames));
            if (i == runs.length / 2) {
                simulator.startMeasuring();
                assertThat(simulator.faultsSoFar()).isZero();
            }
        }
    }

    private static long writeRuns(long[] runs) {
        long writes = 0;
        for (long run : runs) {
            writes += PageRun.isWrite(run) ? 1 : 0;
        }
        return writes;
    }

    @Property(tries = 100)
    void theSameTraceGivesTheSameOutcome(@ForAll("traces") long[] runs,
                                         @ForAll @IntRange(min = 1, max = 8) int frames) {
        assertThat(run(create(frames), runs.clone())).isEqualTo(run(create(frames), runs));
    }
}
