package io.heaplab.paging.lru;

import static io.heaplab.paging.lru.SampledLruCurveTest.meanAbsoluteError;
import static io.heaplab.paging.lru.SampledLruCurveTest.zipf;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** SHARDS with a fixed-size sample: exact while every page fits, bounded after, close on a Zipf trace. */
class FixedSizeSampledLruCurveTest {

    @Provide
    Arbitrary<long[]> traces() {
        return PageTraces.traces(40, 300);
    }

    /** While every page fits in the sample its rate stays 1: at each of its points the curve is the exact one. */
    @Property(tries = 100)
    void aSampleThatHoldsEveryPageIsTheExactCurveAtEachOfItsPoints(@ForAll("traces") long[] runs) {
        PagingOutcome.Curve exact = (PagingOutcome.Curve) run(new LruStackDistance(), runs);
        PagingOutcome.Curve sampled = (PagingOutcome.Curve) run(new FixedSizeSampledLruCurve(1000), runs);
        assertThat(sampled.references()).isEqualTo(exact.references());
        long[] sizes = sampled.sizes();
        for (int i = 0; i < sizes.length; i++) {
            int at = exact.indexAt(Math.min(sizes[i], Math.max(1, exact.points())));
            if (exact.points() == 0) {
                break;
            }
            long size = sizes[i];
            assertThat(sampled.faults()[i]).as("faults at %d", size).isEqualTo(exact.faults()[at]);
            assertThat(sampled.writeBacks()[i]).as("write-backs at %d", size).isEqualTo(exact.writeBacks()[at]);
            assertThat(sampled.meanResident()[i]).as("mean resident at %d", size)
                    .isCloseTo(exact.meanResident()[at], org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    /**
     * A sample exactly as large as the trace's pages never lowers its rate, and renumbers its positions many times
     * over a long trace: at each of its points the curve is still the exact one, after a warm-up or not.
     */
    @Property(tries = 60)
    void aSampleOfExactlyThePagesIsExactThroughRenumberings(
            @ForAll("longTraces") long[] runs, @ForAll @IntRange(min = 0, max = 3000) int split) {
        int pages = (int) Arrays.stream(runs).mapToInt(PageRun::page).distinct().count();
        int at = Math.min(split, runs.length);
        FixedSizeSampledLruCurve sampled = new FixedSizeSampledLruCurve(Math.max(2, pages));
        LruStackDistance exact = new LruStackDistance();
        for (io.heaplab.core.spi.PagingSimulator simulator : java.util.List.of(sampled, exact)) {
            simulator.accept(Arrays.copyOfRange(runs, 0, at), at);
            if (at > 0) {
                simulator.startMeasuring();
            }
            simulator.accept(Arrays.copyOfRange(runs, at, runs.length), runs.length - at);
            simulator.finish();
        }
        assertThat(sampled.rate()).isEqualTo(1.0);
        PagingOutcome.Curve want = (PagingOutcome.Curve) exact.outcome();
        PagingOutcome.Curve got = (PagingOutcome.Curve) sampled.outcome();
        assertThat(got.references()).isEqualTo(want.references());
        for (int i = 0; i < got.points() && want.points() > 0; i++) {
            int index = want.indexAt(Math.min(got.sizes()[i], want.points()));
            assertThat(got.faults()[i]).isEqualTo(want.faults()[index]);
            assertThat(got.writeBacks()[i]).isEqualTo(want.writeBacks()[index]);
            assertThat(got.meanResident()[i]).isCloseTo(want.meanResident()[index],
                    org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Provide
    Arbitrary<long[]> longTraces() {
        return PageTraces.traces(60, 3000);
    }

    @Test
    void theSampleStaysWithinItsSizeAsTheRateFalls() {
        long[] runs = zipf(200_000, 50_000, 0.8, 11);
        FixedSizeSampledLruCurve shards = new FixedSizeSampledLruCurve(1000);
        shards.accept(runs, runs.length);
        shards.finish();
        assertThat(shards.sampledPages()).isLessThanOrEqualTo(1000).isGreaterThan(900);
        // about 1,000 of the 50,000 pages' hashes are below the threshold at the end
        assertThat(shards.rate()).isBetween(0.01, 0.04);
        assertThat(run(new FixedSizeSampledLruCurve(1000), runs))
                .isEqualTo(run(new FixedSizeSampledLruCurve(1000), runs));
    }

    @Test
    void fiveThousandPagesGiveTheCurveWithinAFewThousandthsOfItsMissRatio() {
        long[] runs = zipf(600_000, 50_000, 0.9, 7);
        PagingOutcome.Curve exact = (PagingOutcome.Curve) run(new LruStackDistance(), runs);
        PagingOutcome.Curve estimate = (PagingOutcome.Curve) run(new FixedSizeSampledLruCurve(5000), runs);
        assertThat(estimate.references()).isEqualTo(exact.references());
        assertThat(meanAbsoluteError(estimate, exact)).isLessThan(0.01);
    }

    @Test
    void startMeasuringCountsTheWholeTracesReferencesFromThere() {
        long[] runs = zipf(20_000, 2_000, 0.8, 3);
        FixedSizeSampledLruCurve shards = new FixedSizeSampledLruCurve(300);
        shards.accept(runs, 10_000);
        shards.startMeasuring();
        shards.accept(Arrays.copyOfRange(runs, 10_000, runs.length), runs.length - 10_000);
        shards.finish();
        long rest = Arrays.stream(runs, 10_000, runs.length).map(PageRun::count).sum();
        PagingOutcome.Curve curve = (PagingOutcome.Curve) shards.outcome();
        assertThat(curve.references()).isEqualTo(rest);
        // the warm-up's pages are in the sample already: the measured first references are fewer than the distinct
        long measuredPages = Arrays.stream(runs, 10_000, runs.length).mapToInt(PageRun::page).distinct().count();
        assertThat(curve.faults()[curve.points() - 1]).isLessThan(measuredPages);
    }

    @Test
    void rejectsASampleOfFewerThanTwoPages() {
        assertThatThrownBy(() -> new FixedSizeSampledLruCurve(1))
                .hasMessage("sample pages: 1 (expected: 2..268435456)");
        assertThatThrownBy(() -> new FixedSizeSampledLruCurve(Integer.MAX_VALUE))
                .hasMessage("sample pages: 2147483647 (expected: 2..268435456)");
        // a large sample costs nothing up front
        assertThat(run(new FixedSizeSampledLruCurve(FixedSizeSampledLruCurve.MOST_PAGES), zipf(1000, 100, 0.8, 1)))
                .isEqualTo(run(new FixedSizeSampledLruCurve(1000), zipf(1000, 100, 0.8, 1)));
    }
}
