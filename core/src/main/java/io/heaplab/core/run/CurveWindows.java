package io.heaplab.core.run;

import java.util.Arrays;

/**
 * A one-pass curve's miss ratio over time ({@link WindowedFaults}): its faults in each window at each of its sizes,
 * the {@link io.heaplab.core.spi.CurveGrid} sizes up to its largest.
 *
 * @param sizes  the memory sizes (frames) or windows, increasing
 * @param faults element {@code [k][w]}: the faults in window {@code w} at {@code sizes[k]}
 */
public record CurveWindows(long[] sizes, long[][] faults) {

    public CurveWindows {
        if (sizes.length == 0 || faults.length != sizes.length) {
            throw new IllegalArgumentException(faults.length + " rows of faults for " + sizes.length
                    + " sizes (expected: as many, one at least)");
        }
        sizes = sizes.clone();
        faults = Arrays.stream(faults).map(long[]::clone).toArray(long[][]::new);
        for (long[] row : faults) {
            if (row.length != faults[0].length) {
                throw new IllegalArgumentException(row.length + " windows (expected: " + faults[0].length + ")");
            }
        }
    }

    /**
     * The sizes a person reads, where the grid has 16 a doubling: every power of two and one and a half times one
     * (1, 2, 3, 4, 6, 8, 12, ...), and the largest size.
     */
    public CurveWindows halfOctaves() {
        int[] keep = new int[sizes.length];
        int kept = 0;
        for (int k = 0; k < sizes.length; k++) {
            long size = sizes[k];
            long odd = size >>> Long.numberOfTrailingZeros(size);
            if (odd == 1 || odd == 3 || k == sizes.length - 1) {
                keep[kept++] = k;
            }
        }
        long[] keptSizes = new long[kept];
        long[][] keptFaults = new long[kept][];
        for (int i = 0; i < kept; i++) {
            keptSizes[i] = sizes[keep[i]];
            keptFaults[i] = faults[keep[i]];
        }
        return new CurveWindows(keptSizes, keptFaults);
    }

    @Override
    public long[] sizes() {
        return sizes.clone();
    }

    /** The faults in each window at {@code sizes[k]}: one row, where {@link #faults()} copies them all. */
    public long[] faultsAt(int k) {
        return faults[k].clone();
    }

    @Override
    public long[][] faults() {
        return Arrays.stream(faults).map(long[]::clone).toArray(long[][]::new);
    }
}
