package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;

/**
 * The LRU fault curve estimated from a spatially hashed sample of the pages, SHARDS at a fixed rate (Waldspurger,
 * Park, Garthwaite &amp; Ahmad, FAST 2015): for traces too large to analyze whole.
 *
 * <p>A page is in the sample when a hash of its number, taken to {@code [0, 2^24)}, is below {@code rate * 2^24};
 * every reference to a sampled page, and no other, goes to an exact {@link LruStackDistance}. Since the sample keeps
 * a share {@code rate} of the pages, a stack distance {@code d} in it stands for a distance of about
 * {@code d / rate} in the whole trace: the sampled curve's point at {@code d} frames is the estimate at
 * {@code round(d / rate)}, and its faults over {@code rate} are the estimate of faults there. That is the paper's
 * SHARDS_adj: the sampled references fall short of or exceed {@code rate} times the trace's by chance (most when a
 * hot page is in or out of the sample), and the paper adds the difference to the smallest stack distance, hits at
 * every size, so the miss ratio is the sampled faults over the expected sampled references; dividing by the
 * sampled references instead gave ten times the error on a Zipf trace. Write-backs and the mean resident pages are
 * scaled by {@code 1 / rate} alike. A hot page in the sample can take the estimate past one fault per reference at
 * the smallest sizes, which no memory does: the faults are capped at the references, the write-backs at the faults.
 * The hash is a fixed mix of the page number
 * (SplitMix64's finalizer), so the same trace gives the same sample, and the same curve, on every run.
 *
 * <p>Cost: a hash per run, and the exact analyzer's cost on {@code rate} of them, in memory by sampled pages.
 */
public final class SampledLruCurve implements PagingSimulator {

    /** Hash values are taken to {@code [0, MODULUS)}, the paper's {@code P}. */
    static final long MODULUS = 1L << 24;

    private final double rate;
    /** The paper's {@code T}: a page is sampled when its hash is below it. */
    private final long threshold;
    private final PagingSimulator sampled;
    private final long[] batch = new long[4096];
    private long references;
    private long sampledReferences;

    /** {@code rate} in (0, 1]; {@code threads} as {@link LruStackDistance}'s. */
    public SampledLruCurve(double rate, int threads) {
        if (!(rate > 0 && rate <= 1)) {
            throw new IllegalArgumentException("rate: " + rate + " (expected: 0 < rate <= 1)");
        }
        this.rate = rate;
        this.threshold = Math.max(1, Math.round(rate * MODULUS));
        this.sampled = LruStackDistance.onThreads(threads);
    }

    /** Whether {@code page} is in the sample of a curve at {@code threshold}. */
    static boolean sampled(int page, long threshold) {
        return hash(page) < threshold;
    }

    /** SplitMix64's finalizer on the page number, to {@code [0, MODULUS)}. */
    static long hash(int page) {
        long z = page + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return z & (MODULUS - 1);
    }

    @Override
    public void accept(long[] runs, int length) {
        int kept = 0;
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int count = PageRun.count(run);
            references += count;
            if (hash(PageRun.page(run)) < threshold) {
                sampledReferences += count;
                batch[kept++] = run;
                if (kept == batch.length) {
                    sampled.accept(batch, kept);
                    kept = 0;
                }
            }
        }
        if (kept > 0) {
            sampled.accept(batch, kept);
        }
    }

    @Override
    public void startMeasuring() {
        references = 0;
        sampledReferences = 0;
        sampled.startMeasuring();
    }

    @Override
    public void finish() {
        sampled.finish();
    }

    /** The estimated curve: a point for each size the sample measured, {@code round(d / rate)} frames. */
    @Override
    public PagingOutcome outcome() {
        PagingOutcome.Curve exact = (PagingOutcome.Curve) sampled.outcome();
        int n = exact.points();
        long[] sizes = new long[n];
        long[] faults = new long[n];
        long[] writeBacks = new long[n];
        double[] meanResident = new double[n];
        double scale = 1 / rate; // SHARDS_adj: over the expected sampled references, not the actual
        long[] exactSizes = exact.sizes();
        long[] exactFaults = exact.faults();
        long[] exactWriteBacks = exact.writeBacks();
        double[] exactResident = exact.meanResident();
        for (int i = 0; i < n; i++) {
            sizes[i] = Math.max(i == 0 ? 1 : sizes[i - 1] + 1, Math.round(exactSizes[i] / rate));
            // a hot page in the sample can take the sampled faults at small sizes past rate times the references:
            // no memory faults more often than it is referenced
            faults[i] = Math.min(references, Math.round(exactFaults[i] * scale));
            writeBacks[i] = Math.min(faults[i], Math.round(exactWriteBacks[i] * scale));
            meanResident[i] = exactResident[i] / rate;
        }
        return new PagingOutcome.Curve(PagingOutcome.Curve.Axis.FRAMES, sizes, faults, writeBacks, meanResident,
                references);
    }

    /** References to sampled pages in the measured phase. */
    public long sampledReferences() {
        return sampledReferences;
    }
}
