package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import java.util.function.LongFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The one-pass curves against the simulators of one window each, at every grid window up to the end of the curve
 * and beyond it: faults, write-backs and space-time must be equal, not close. Space-time is compared as the exact
 * {@code long} each side sums; the mean resident sizes are then equal doubles too, since both are that same long
 * divided by the same number of references. And VMIN against the working set: the same faults at every window,
 * never more pages resident.
 */
class OnePassSelfCheckTest {

    /** The common traces of the contracts: short runs, and now and then one of two billion references. */
    @Provide
    Arbitrary<long[]> traces() {
        return PageTraces.traces(15, 200);
    }

    /**
     * Traces with gaps of every order of magnitude, so that they fall in buckets all along the grid: runs of a
     * few references, of hundreds, of thousands to millions, and of two billion; over few or many pages.
     */
    @Provide
    Arbitrary<long[]> gappy() {
        Arbitrary<Integer> counts = Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.integers().between(1, 4)),
                Tuple.of(4, Arbitraries.integers().between(1, 300)),
                Tuple.of(2, Arbitraries.integers().between(1, 5_000_000)),
                Tuple.of(1, Arbitraries.integers().between(PageRun.MAX_COUNT - 3, PageRun.MAX_COUNT)));
        return Arbitraries.of(3, 12, 60).flatMap(maxPage -> {
            Arbitrary<Long> runs = Combinators.combine(Arbitraries.integers().between(0, maxPage), counts,
                    Arbitraries.of(false, true)).as(PageRun::pack);
            return runs.list().ofMaxSize(200).map(list -> list.stream().mapToLong(Long::longValue).toArray());
        });
    }

    @Property(tries = 150)
    void theWorkingSetCurveIsExactAtEveryGridWindow(@ForAll("traces") long[] runs,
                                                    @ForAll @IntRange(min = 0, max = 200) int split) {
        assertExact(new WorkingSetCurve(), WorkingSet::new, runs, split);
    }

    @Property(tries = 150)
    void theWorkingSetCurveIsExactOverLongGaps(@ForAll("gappy") long[] runs,
                                               @ForAll @IntRange(min = 0, max = 200) int split) {
        assertExact(new WorkingSetCurve(), WorkingSet::new, runs, split);
    }

    @Property(tries = 150)
    void theVminCurveIsExactAtEveryGridWindow(@ForAll("traces") long[] runs,
                                              @ForAll @IntRange(min = 0, max = 200) int split) {
        assertExact(new VminCurve(), Vmin::new, runs, split);
    }

    @Property(tries = 150)
    void theVminCurveIsExactOverLongGaps(@ForAll("gappy") long[] runs,
                                         @ForAll @IntRange(min = 0, max = 200) int split) {
        assertExact(new VminCurve(), Vmin::new, runs, split);
    }

    @Property(tries = 200)
    void vminFaultsAsTheWorkingSetDoesWithNoMorePagesResident(@ForAll("gappy") long[] runs,
                                                              @ForAll @IntRange(min = 0, max = 200) int split) {
        PagingOutcome.Curve ws = (PagingOutcome.Curve) feed(new WorkingSetCurve(), runs, split);
        PagingOutcome.Curve vmin = (PagingOutcome.Curve) feed(new VminCurve(), runs, split);
        int points = Math.max(ws.points(), vmin.points());
        for (int i = 0; i < points; i++) {
            long window = CurveGrid.point(i);
            assertThat(vmin.faultsAt(window)).as("window %d", window).isEqualTo(ws.faultsAt(window));
            assertThat(vmin.meanResident()[Math.min(i, vmin.points() - 1)])
                    .as("window %d", window).isLessThanOrEqualTo(ws.meanResident()[Math.min(i, ws.points() - 1)]);
        }
    }

    @Property(tries = 200)
    void vminFaultsAsTheWorkingSetDoesAtAnyWindow(@ForAll("gappy") long[] runs,
                                                  @ForAll @IntRange(min = 0, max = 200) int split,
                                                  @ForAll("windows") long window) {
        PagingOutcome.Faults ws = (PagingOutcome.Faults) feed(new WorkingSet(window), runs, split);
        PagingOutcome.Faults vmin = (PagingOutcome.Faults) feed(new Vmin(window), runs, split);
        assertThat(vmin.faults()).isEqualTo(ws.faults());
        assertThat(spaceTime(vmin)).isLessThanOrEqualTo(spaceTime(ws));
    }

    @Provide
    Arbitrary<Long> windows() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(1, 400)),
                Tuple.of(1, Arbitraries.longs().between(1, Long.MAX_VALUE)));
    }

    private static void assertExact(WindowCurve analyzer, LongFunction<PagingSimulator> perWindow, long[] runs,
                                    int split) {
        PagingOutcome.Curve curve = (PagingOutcome.Curve) feed(analyzer, runs, split);
        long[] spaceTimes = analyzer.spaceTimes();
        assertThat(curve.references()).isEqualTo(measuredReferences(runs, split));
        assertThat(curve.points() == 0).isEqualTo(runs.length == 0);
        assertThat(spaceTimes).hasSameSizeAs(curve.sizes());
        // how far along the grid the traces reach: within the dense part, or up to the hundreds or beyond
        Statistics.collect(curve.points() <= 128 ? "dense" : curve.points() < 400 ? "mid" : "far");
        // every point of the curve, the next grid point beyond it and the longest window: flat beyond the end
        int beyond = Math.min(curve.points() + 1, CurveGrid.POINTS);
        for (int i = 0; i <= beyond; i++) {
            long window = i == beyond ? Long.MAX_VALUE : CurveGrid.point(i);
            int at = Math.min(i, curve.points() - 1);
            PagingOutcome.Faults one = (PagingOutcome.Faults) feed(perWindow.apply(window), runs, split);
            if (at < 0) {
                assertThat(one.faults()).isZero();
                continue;
            }
            assertThat(curve.faults()[at]).as("faults at window %d", window).isEqualTo(one.faults());
            assertThat(curve.writeBacks()[at]).as("write-backs at window %d", window)
                    .isEqualTo(one.measures().get(PagingOutcome.WRITE_BACKS).longValue());
            assertThat(spaceTimes[at]).as("space-time at window %d", window).isEqualTo(spaceTime(one));
            assertThat(curve.meanResident()[at]).as("mean resident at window %d", window)
                    .isEqualTo(one.measures().get(PagingOutcome.MEAN_RESIDENT).doubleValue());
        }
    }

    /**
     * Feeds the first {@code split} runs as a warm-up, starts the measured phase, then feeds the rest; a split at or
     * past the end of the trace means no measured phase: the whole trace counts.
     */
    private static PagingOutcome feed(PagingSimulator simulator, long[] runs, int split) {
        int warmUp = Math.min(split, runs.length);
        simulator.accept(Arrays.copyOf(runs, warmUp), warmUp);
        if (split < runs.length) {
            simulator.startMeasuring();
        }
        long[] rest = Arrays.copyOfRange(runs, warmUp, runs.length);
        return PageTraces.run(simulator, rest);
    }

    private static long measuredReferences(long[] runs, int split) {
        long references = 0;
        for (int i = split < runs.length ? split : 0; i < runs.length; i++) {
            references += PageRun.count(runs[i]);
        }
        return references;
    }

    private static long spaceTime(PagingOutcome.Faults outcome) {
        return outcome.measures().get(WindowMeasures.SPACE_TIME).longValue();
    }
}
