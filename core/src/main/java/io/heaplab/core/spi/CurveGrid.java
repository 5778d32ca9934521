package io.heaplab.core.spi;

/**
 * The fixed sizes at which one-pass curves are exact: the windows of the working-set curves (Denning &amp; Schwartz
 * 1972 give the curve at every window; a fixed grid keeps the analyzer's memory independent of the length of the
 * trace), and the memory sizes at which a curve's miss ratio over time is kept ({@link FaultsOnGrid}).
 *
 * <p>Every size 1..128, then 16 evenly spaced sizes per doubling up to 2<sup>62</sup>, then one last point,
 * {@link Long#MAX_VALUE}, that covers any longer gap:
 * <pre>
 *  index   0  1 ... 127 | 128 129 ... 143 | 144 145 ... 159 | ... | 1007 | 1008
 *  size    1  2 ... 128 | 136 144 ... 256 | 272 288 ... 512 | ... | 2^62 | Long.MAX_VALUE
 * </pre>
 * Bucket {@code i} holds the gaps (or stack distances) in {@code (point(i-1), point(i)]}, so a count of them in
 * each bucket tells how many exceed each grid size exactly, and a sum per bucket tells {@code sum(min(window, gap))}
 * exactly. Between grid points a curve is not exact: the spacing is at most 1/16 of the size, finer than any trace
 * of program behaviour warrants.
 */
public final class CurveGrid {

    /** Sizes 1..DENSE are all on the grid. */
    private static final int DENSE = 128;
    private static final int DENSE_OCTAVE = 7;
    private static final int STEP_BITS = 4;
    private static final int STEPS = 1 << STEP_BITS;
    /** The last regular doubling is (2^61, 2^62]. */
    private static final int LAST_OCTAVE = 61;

    /** How many sizes the grid has. */
    public static final int POINTS = DENSE + (LAST_OCTAVE - DENSE_OCTAVE + 1) * STEPS + 1;

    private CurveGrid() {
    }

    /** The index of the smallest grid size not below {@code window}, which must be at least 1. */
    public static int index(long window) {
        if (window <= DENSE) {
            return (int) window - 1;
        }
        long below = window - 1;
        int octave = 63 - Long.numberOfLeadingZeros(below);
        if (octave > LAST_OCTAVE) {
            return POINTS - 1;
        }
        int step = (int) ((below - (1L << octave)) >>> (octave - STEP_BITS));
        return DENSE + (octave - DENSE_OCTAVE) * STEPS + step;
    }

    /**
     * {@link #index(long)} of an int size, at least 1, without a branch: on a stream of stack distances whether one
     * is in the dense part is data, and a mispredicted branch per distance cost the one-pass LRU curve a fifth of its
     * speed.
     */
    public static int indexOf(int size) {
        int below = size - 1;
        int octave = 31 - Integer.numberOfLeadingZeros(below | 1);
        // past the dense sizes: the octave's first index, then the step within it (garbage for a dense size, and
        // not chosen)
        int sparse = DENSE + ((octave - DENSE_OCTAVE) << STEP_BITS) + ((below - (1 << octave)) >>> (octave - STEP_BITS));
        int dense = (below - DENSE) >> 31; // all ones for a dense size, else zero: a select with no jump
        return (below & dense) | (sparse & ~dense);
    }

    /** The grid size at {@code index}, from 0 to {@link #POINTS} - 1. */
    public static long point(int index) {
        if (index < 0 || index >= POINTS) {
            throw new IllegalArgumentException("index: " + index + " (expected: 0.." + (POINTS - 1) + ")");
        }
        if (index < DENSE) {
            return index + 1;
        }
        if (index == POINTS - 1) {
            return Long.MAX_VALUE;
        }
        int m = index - DENSE;
        int octave = DENSE_OCTAVE + m / STEPS;
        return (1L << octave) + ((long) (m % STEPS + 1) << (octave - STEP_BITS));
    }

    /** The first {@code count} grid sizes. */
    public static long[] points(int count) {
        long[] points = new long[count];
        for (int i = 0; i < count; i++) {
            points[i] = point(i);
        }
        return points;
    }
}
