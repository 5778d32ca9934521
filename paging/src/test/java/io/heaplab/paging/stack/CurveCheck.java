package io.heaplab.paging.stack;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The self-check of a one-pass analyzer of a stack algorithm (Mattson et al. 1970): its curve must give, at every
 * frame count, exactly what a simulation at that one size gives.
 */
public final class CurveCheck {

    private CurveCheck() {
    }

    /**
     * Runs {@code runs} through the one-pass analyzer and through a simulator of every size from 1 to one more
     * than the distinct pages, measuring from run {@code split} on (the whole trace when it is 0), and checks
     * faults and write-backs at every size, mean resident pages against {@link #meanResident} and the measured
     * references.
     */
    public static PagingOutcome.Curve assertMatchesPerSize(long[] runs, int split, Supplier<PagingSimulator> onePass,
                                                           IntFunction<PagingSimulator> perSize) {
        PagingOutcome.Curve curve = (PagingOutcome.Curve) measure(onePass.get(), runs, split);
        int distinct = distinctPages(runs);
        assertThat(curve.points()).isEqualTo(distinct);
        for (int frames = 1; frames <= distinct + 1; frames++) {
            PagingOutcome.Faults exact = (PagingOutcome.Faults) measure(perSize.apply(frames), runs, split);
            assertThat(curve.faultsAt(frames)).as("faults at %d frames", frames).isEqualTo(exact.faults());
            long writeBacks = frames > distinct ? 0 : curve.writeBacks()[frames - 1];
            assertThat(writeBacks).as("write-backs at %d frames", frames)
                    .isEqualTo(exact.measures().get(PagingOutcome.WRITE_BACKS).longValue());
        }
        double[] expected = meanResident(runs, split, distinct);
        double[] actual = curve.meanResident();
        for (int f = 0; f < distinct; f++) {
            assertThat(actual[f]).as("mean resident at %d frames", f + 1)
                    .isCloseTo(expected[f], within(1e-12 * Math.max(1, expected[f])));
        }
        assertThat(curve.references()).isEqualTo(references(runs, split));
        return curve;
    }

    /** Feeds runs {@code [0, split)}, starts measuring if {@code split > 0}, feeds the rest and finishes. */
    public static PagingOutcome measure(PagingSimulator simulator, long[] runs, int split) {
        if (split > 0) {
            simulator.accept(Arrays.copyOf(runs, split), split);
            simulator.startMeasuring();
        }
        long[] rest = Arrays.copyOfRange(runs, split, runs.length);
        simulator.accept(rest, rest.length);
        simulator.finish();
        return simulator.outcome();
    }

    /**
     * Mean resident pages by brute force: every measured reference, one run of {@code k} counting {@code k}
     * times, adds {@code min(f, distinct pages so far)}; divided by the measured references.
     */
    public static double[] meanResident(long[] runs, int split, int maxFrames) {
        BitSet seen = new BitSet();
        long[] sum = new long[maxFrames];
        for (int i = 0; i < runs.length; i++) {
            seen.set(PageRun.page(runs[i]));
            if (i >= split) {
                for (int f = 1; f <= maxFrames; f++) {
                    sum[f - 1] += (long) PageRun.count(runs[i]) * Math.min(f, seen.cardinality());
                }
            }
        }
        long references = references(runs, split);
        double[] mean = new double[maxFrames];
        Arrays.setAll(mean, f -> references == 0 ? 0.0 : (double) sum[f] / references);
        return mean;
    }

    private static long references(long[] runs, int split) {
        long references = 0;
        for (int i = split; i < runs.length; i++) {
            references += PageRun.count(runs[i]);
        }
        return references;
    }
}
