package io.heaplab.paging.lru;

import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** SHARDS at a fixed rate: the whole sample is the exact curve, the sample is fixed, and a 10% sample is close. */
class SampledLruCurveTest {

    @Provide
    Arbitrary<long[]> traces() {
        return PageTraces.traces(40, 300);
    }

    @Property(tries = 100)
    void aSampleOfEveryPageIsTheExactCurve(@ForAll("traces") long[] runs) {
        assertThat(run(new SampledLruCurve(1, 1), runs)).isEqualTo(run(new LruStackDistance(), runs));
    }

    @Test
    void theSampleIsAFixedShareOfThePagesChosenByTheirNumbersAlone() {
        long threshold = Math.round(0.1 * SampledLruCurve.MODULUS);
        long sampled = java.util.stream.IntStream.range(0, 100_000)
                .filter(page -> SampledLruCurve.sampled(page, threshold)).count();
        assertThat(sampled).isBetween(9_700L, 10_300L);
        // the same pages on every run: the hash is a fixed function of the page number, pinned here
        assertThat(new long[] {SampledLruCurve.hash(0), SampledLruCurve.hash(1), SampledLruCurve.hash(2)})
                .containsExactly(1_953_199L, 154_817L, 9_918_158L);
    }

    @Test
    void aTenthOfThePagesGivesTheCurveWithinAFewThousandthsOfItsMissRatio() {
        long[] runs = zipf(600_000, 50_000, 0.9, 7);
        PagingOutcome.Curve exact = (PagingOutcome.Curve) run(new LruStackDistance(), runs);
        SampledLruCurve shards = new SampledLruCurve(0.1, 1);
        PagingOutcome.Curve estimate = (PagingOutcome.Curve) run(shards, runs);
        assertThat(estimate.references()).isEqualTo(exact.references());
        assertThat(shards.sampledReferences()).isBetween(exact.references() / 20, exact.references() / 5);
        double error = meanAbsoluteError(estimate, exact);
        assertThat(error).isLessThan(0.01); // 0.0042 over its 4,687 points
        // without scaling the sizes by the rate the estimate is far off
        assertThat(error).isLessThan(meanAbsoluteError(unscaled(estimate, 0.1), exact) / 5);
    }

    @Test
    void startMeasuringCountsTheWholeTracesReferencesFromThere() {
        long[] runs = zipf(20_000, 2_000, 0.8, 3);
        SampledLruCurve shards = new SampledLruCurve(0.5, 1);
        shards.accept(runs, 10_000);
        shards.startMeasuring();
        shards.accept(Arrays.copyOfRange(runs, 10_000, runs.length), runs.length - 10_000);
        shards.finish();
        long rest = Arrays.stream(runs, 10_000, runs.length).map(PageRun::count).sum();
        assertThat(((PagingOutcome.Curve) shards.outcome()).references()).isEqualTo(rest);
    }

    @Test
    void rejectsARateOutsideZeroToOne() {
        assertThatThrownBy(() -> new SampledLruCurve(0, 1)).hasMessage("rate: 0.0 (expected: 0 < rate <= 1)");
        assertThatThrownBy(() -> new SampledLruCurve(1.5, 1)).hasMessage("rate: 1.5 (expected: 0 < rate <= 1)");
    }

    /** The mean over the estimate's points of |estimated - exact| miss ratio at the same size. */
    static double meanAbsoluteError(PagingOutcome.Curve estimate, PagingOutcome.Curve exact) {
        double sum = 0;
        long[] sizes = estimate.sizes();
        long[] faults = estimate.faults();
        for (int i = 0; i < sizes.length; i++) {
            sum += Math.abs((double) faults[i] / estimate.references()
                    - (double) exact.faultsAt(sizes[i]) / exact.references());
        }
        return sum / sizes.length;
    }

    /** The estimate with its sizes left at the sample's, as if the rate were forgotten. */
    static PagingOutcome.Curve unscaled(PagingOutcome.Curve estimate, double rate) {
        long[] sizes = estimate.sizes();
        long[] down = new long[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            down[i] = i + 1;
        }
        return new PagingOutcome.Curve(estimate.axis(), down, estimate.faults(), estimate.writeBacks(),
                estimate.meanResident(), estimate.references());
    }

    /** {@code n} single references drawn from Zipf({@code skew}) over {@code pages} pages, seeded. */
    static long[] zipf(int n, int pages, double skew, long seed) {
        double[] cdf = new double[pages];
        double total = 0;
        for (int i = 0; i < pages; i++) {
            total += 1 / Math.pow(i + 1, skew);
            cdf[i] = total;
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] runs = new long[n];
        for (int i = 0; i < n; i++) {
            int at = Arrays.binarySearch(cdf, random.nextDouble() * total);
            runs[i] = PageRun.pack(Math.min(pages - 1, at >= 0 ? at : -at - 1), 1, false);
        }
        return runs;
    }
}
