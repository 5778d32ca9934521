package io.heaplab.workloads.purdom;

import java.util.SplittableRandom;

/**
 * Block sizes in cells, geometric with mean {@code c} (1, 2, 3, ... cells, each size 1 - 1/c as likely as the one
 * before): the request sizes of Purdom, Stigler &amp; Cheam, "Statistical Investigation of Three Storage Allocation
 * Algorithms" (BIT 10, 1970), drawn by inversion from one uniform number.
 */
public final class GeometricCells {

    private final double mean;
    /** ln(1 - p), p = 1 / c; unused when c is 1. */
    private final double logMiss;

    /** Sizes with mean {@code mean} cells, at least 1. */
    public GeometricCells(double mean) {
        if (!(mean >= 1)) {
            throw new IllegalArgumentException("mean: " + mean + " (expected: at least 1 cell)");
        }
        this.mean = mean;
        this.logMiss = Math.log1p(-1 / mean);
    }

    /** The next size; always takes one number from {@code random}, so a stream of draws keeps its order. */
    public long draw(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        if (mean == 1) {
            return 1;
        }
        // u >= 2^-53, so the quotient is at most 36.8 * c: no overflow, even in bytes
        return 1 + (long) Math.floor(Math.log(u) / logMiss);
    }

    public double mean() {
        return mean;
    }
}
