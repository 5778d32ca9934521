package io.heaplab.testkit;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import java.util.BitSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * What every variable-memory policy with a window (working set, VMIN, page-fault frequency, and their one-pass
 * curves) must do, beyond the common contract. The size is the window (or threshold) in references; a policy's
 * test says how to make a simulator of a window as long as a {@code long} can be.
 *
 * <p>Per-window outcomes carry the measures {@code writeBacks}, {@code meanResident} and {@code spaceTime} in that
 * order; a curve carries write-backs and mean resident pages at each window.
 */
public abstract class VariableMemoryContract extends PagingSimulatorContract {

    /** The name of the space-time measure: resident pages summed over the measured references. */
    public static final String SPACE_TIME = "spaceTime";

    /** A fresh simulator with empty memory and this window; a curve ignores it. */
    protected abstract PagingSimulator createWithWindow(long window);

    @Override
    protected final PagingSimulator create(int size) {
        return createWithWindow(size);
    }

    /**
     * Whether the faults never rise as the window grows. True of the working set and VMIN (the working set of a
     * window contains that of every smaller one); not of page-fault frequency.
     */
    protected boolean faultsNeverRiseWithTheWindow() {
        return true;
    }

    /**
     * Write-backs with a window at least as long as the trace: none, for a policy that keeps a page as long as
     * the window lasts. VMIN removes a page after its last reference even so, and says how many that writes.
     */
    protected long writeBacksWithAWindowLongerThanTheTrace(long[] runs) {
        return 0;
    }

    /**
     * Whether a page's residency is known when time passes (working set, PFF), so that the measures before and
     * after a measured phase add up to the whole run's; not for VMIN, which settles it at the next reference.
     */
    protected boolean measuresAddUp() {
        return true;
    }

    /**
     * The smallest window at least {@code window} at which the simulator is exact: the window itself, for a
     * per-window simulator; a curve rounds it up to its next point, as between points it gives the lower one's.
     */
    protected long exactWindowAtLeast(long window) {
        return window;
    }

    protected static long faultsAt(PagingOutcome outcome, long window) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> f.faults();
            case PagingOutcome.Curve c -> c.faultsAt(window);
        };
    }

    protected static long writeBacksAt(PagingOutcome outcome, long window) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> f.measures().get(PagingOutcome.WRITE_BACKS).longValue();
            case PagingOutcome.Curve c -> {
                int at = c.indexAt(window);
                yield at < 0 ? 0 : c.writeBacks()[at];
            }
        };
    }

    protected static double meanResidentAt(PagingOutcome outcome, long window) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> f.measures().get(PagingOutcome.MEAN_RESIDENT).doubleValue();
            case PagingOutcome.Curve c -> {
                int at = c.indexAt(window);
                yield at < 0 ? 0.0 : c.meanResident()[at];
            }
        };
    }

    /** All the references of the runs: virtual time at their end. */
    protected static long references(long[] runs) {
        long references = 0;
        for (long run : runs) {
            references += PageRun.count(run);
        }
        return references;
    }

    /** Pages a run writes: what a policy that writes back every dirty page once, at the end, would write. */
    protected static long writtenPages(long[] runs) {
        BitSet written = new BitSet();
        for (long run : runs) {
            if (PageRun.isWrite(run)) {
                written.set(PageRun.page(run));
            }
        }
        return written.cardinality();
    }

    /** Small windows mostly, now and then one as long as the gaps between the long runs of the traces. */
    @Provide
    protected Arbitrary<Long> windows() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.longs().between(1, 20)),
                Tuple.of(1, Arbitraries.longs().between(1, 1L << 36)));
    }

    @Property(tries = 200)
    void aWindowAtLeastAsLongAsTheTraceFaultsOnlyOnFirstReferences(
            @ForAll("traces") long[] runs, @ForAll @IntRange(min = 0, max = 3) int spare) {
        long window = exactWindowAtLeast(references(runs) + spare + 1);
        PagingOutcome outcome = run(createWithWindow(window), runs);
        assertThat(faultsAt(outcome, window)).isEqualTo(distinctPages(runs));
        assertThat(writeBacksAt(outcome, window)).isEqualTo(writeBacksWithAWindowLongerThanTheTrace(runs));
    }

    @Test
    void theLongestWindowFaultsOnlyOnFirstReferences() {
        long[] runs = {write(0, 3), read(1, PageRun.MAX_COUNT), write(0, 1),
                read(2, PageRun.MAX_COUNT), read(1, 1), read(0, 1)};
        PagingOutcome outcome = run(createWithWindow(Long.MAX_VALUE), runs);
        assertThat(faultsAt(outcome, Long.MAX_VALUE)).isEqualTo(3);
        assertThat(writeBacksAt(outcome, Long.MAX_VALUE)).isEqualTo(writeBacksWithAWindowLongerThanTheTrace(runs));
    }

    @Property(tries = 200)
    void faultsDoNotRiseAsTheWindowGrows(@ForAll("traces") long[] runs, @ForAll("windows") long window,
                                         @ForAll("windows") long wider) {
        if (!faultsNeverRiseWithTheWindow()) {
            return; // the policy's own test shows that they can rise
        }
        long small = Math.min(window, wider);
        long large = Math.max(window, wider);
        assertThat(faultsAt(run(createWithWindow(small), runs), small))
                .isGreaterThanOrEqualTo(faultsAt(run(createWithWindow(large), runs), large));
    }

    @Property(tries = 200)
    void theMeanResidentSizeLiesBetweenOneAndEveryPage(@ForAll("traces") long[] runs,
                                                       @ForAll("windows") long window) {
        double mean = meanResidentAt(run(createWithWindow(window), runs), window);
        if (runs.length == 0) {
            assertThat(mean).isZero();
        } else {
            // the page referenced at a time is resident then; no more pages than the trace has can be
            assertThat(mean).isBetween(1.0, (double) distinctPages(runs));
        }
    }

    @Property(tries = 200)
    void theSpaceTimeIsTheMeanResidentSizeTimesTheReferences(@ForAll("traces") long[] runs,
                                                             @ForAll("windows") long window) {
        PagingOutcome outcome = run(createWithWindow(window), runs);
        long references = references(runs);
        double mean = meanResidentAt(outcome, window);
        switch (outcome) {
            case PagingOutcome.Faults f -> {
                assertThat(f.measures().keySet())
                        .containsExactly(PagingOutcome.WRITE_BACKS, PagingOutcome.MEAN_RESIDENT, SPACE_TIME);
                long spaceTime = f.measures().get(SPACE_TIME).longValue();
                // the mean is computed as this very quotient, so the doubles are equal, not just close
                assertThat(mean).isEqualTo(references == 0 ? 0.0 : (double) spaceTime / references);
                assertThat(spaceTime).isBetween(references, distinctPages(runs) * references);
            }
            case PagingOutcome.Curve c -> {
                assertThat(c.references()).isEqualTo(references);
                // a curve has no space-time, but mean times references must be a whole number of page-references,
                // up to the rounding of one division (a relative 2^-52)
                double spaceTime = mean * references;
                assertThat(spaceTime).isCloseTo(Math.rint(spaceTime), within(1e-9 * Math.max(1.0, spaceTime)));
            }
        }
    }

    @Property(tries = 200)
    void aMeasuredPhaseCountsTheMeasuresOfTheWholeRunLessTheWarmUp(@ForAll("traces") long[] runs,
                                                                   @ForAll @IntRange(min = 0, max = 300) int split,
                                                                   @ForAll("windows") long window) {
        int warmUp = Math.min(split, runs.length);
        PagingOutcome whole = run(createWithWindow(window), runs);
        PagingSimulator simulator = createWithWindow(window);
        simulator.accept(Arrays.copyOf(runs, warmUp), warmUp);
        PagingOutcome before = simulator.outcome();
        simulator.startMeasuring();
        long[] rest = Arrays.copyOfRange(runs, warmUp, runs.length);
        PagingOutcome after = run(simulator, rest);
        long measured = references(rest);
        if (measuresAddUp()) {
            assertThat(writeBacksAt(before, window) + writeBacksAt(after, window))
                    .isEqualTo(writeBacksAt(whole, window));
            double spaceTime = meanResidentAt(before, window) * (references(runs) - measured)
                    + meanResidentAt(after, window) * measured;
            double wholeSpaceTime = meanResidentAt(whole, window) * references(runs);
            assertThat(spaceTime).isCloseTo(wholeSpaceTime, within(1e-9 * Math.max(1.0, wholeSpaceTime)));
        } else {
            assertThat(writeBacksAt(after, window)).isBetween(0L, writeBacksAt(whole, window));
            assertThat(meanResidentAt(after, window) * measured)
                    .isLessThanOrEqualTo(meanResidentAt(whole, window) * references(runs) * (1 + 1e-12));
        }
    }
}
