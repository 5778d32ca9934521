package io.heaplab.paging.ws;

/**
 * The fixed windows at which the one-pass working-set curves are exact (Denning &amp; Schwartz 1972 give the curve
 * at every window; a fixed grid keeps the analyzer's memory independent of the length of the trace).
 *
 * <p>Every window 1..128, then 16 evenly spaced windows per doubling up to 2<sup>62</sup>, then one last point,
 * {@link Long#MAX_VALUE}, that covers any longer gap:
 * <pre>
 *  index   0  1 ... 127 | 128 129 ... 143 | 144 145 ... 159 | ... | 1007 | 1008
 *  window  1  2 ... 128 | 136 144 ... 256 | 272 288 ... 512 | ... | 2^62 | Long.MAX_VALUE
 * </pre>
 * Bucket {@code i} holds the gaps in {@code (point(i-1), point(i)]}, so a count of the gaps in each bucket tells
 * how many gaps exceed each grid window exactly, and a sum per bucket tells {@code sum(min(window, gap))} exactly.
 * Between grid points a curve is not exact: the spacing is at most 1/16 of the window, finer than any trace of
 * program behaviour warrants.
 */
public final class WindowGrid {

    /** Windows 1..DENSE are all on the grid. */
    static final int DENSE = 128;
    private static final int DENSE_OCTAVE = 7;
    private static final int STEP_BITS = 4;
    private static final int STEPS = 1 << STEP_BITS;
    /** The last regular doubling is (2^61, 2^62]. */
    private static final int LAST_OCTAVE = 61;

    /** How many windows the grid has. */
    public static final int POINTS = DENSE + (LAST_OCTAVE - DENSE_OCTAVE + 1) * STEPS + 1;

    private WindowGrid() {
    }

    /** The index of the smallest grid window not below {@code window}, which must be at least 1. */
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

    /** The grid window at {@code index}, from 0 to {@link #POINTS} - 1. */
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

    /** The first {@code count} grid windows. */
    public static long[] points(int count) {
        long[] points = new long[count];
        for (int i = 0; i < count; i++) {
            points[i] = point(i);
        }
        return points;
    }
}
