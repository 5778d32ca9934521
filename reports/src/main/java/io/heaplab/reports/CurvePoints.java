package io.heaplab.reports;

import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingOutcome.Curve;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * The points of a whole curve that a chart and a table need, where the curve has more than {@value #MOST}: sizes
 * spaced evenly in their logarithm, {@value #PER_DECADE} a decade, and every knee, each point exact as measured.
 *
 * <p>A knee is where the curve bends: between two points kept, every point left out lies within a tolerance of
 * the straight line joining them (in miss ratio against the logarithm of the size), so a chart drawn through the
 * kept points is the curve's own to within it. The tolerance starts at {@value #TOLERANCE} and doubles until at most
 * {@value #MOST} points remain. The points are found in one pass (the cone of slopes that reach every point so far
 * within the tolerance, cut where the next point falls outside it), so a curve of a million sizes takes
 * milliseconds.
 */
public final class CurvePoints {

    /** Curves with at most this many points are kept whole; longer ones are cut to at most this many. */
    public static final int MOST = 2000;
    /** Log-spaced sizes kept per decade. */
    public static final int PER_DECADE = 100;
    /** The first tolerance, in miss ratio, of a point left out from the line between its neighbours kept. */
    public static final double TOLERANCE = 0.001;

    private CurvePoints() {
    }

    /** {@code curve} with its points cut to the log-spaced sizes and its knees; unchanged when short already. */
    public static Curve forPeople(Curve curve) {
        if (curve.points() <= MOST) {
            return curve;
        }
        double[] x = logSizes(curve);
        double[] y = curve.missRatio();
        boolean[] grid = logSpaced(curve.sizes());
        for (double tolerance = TOLERANCE; ; tolerance *= 2) {
            boolean[] keep = grid.clone();
            if (knees(x, y, keep, tolerance) <= MOST) {
                return kept(curve, keep);
            }
        }
    }

    /** Each policy's outcome, its curve cut as {@link #forPeople(Curve)} cuts one; the order kept. */
    public static SequencedMap<String, PagingOutcome> forPeople(SequencedMap<String, ? extends PagingOutcome> paging) {
        SequencedMap<String, PagingOutcome> cut = new LinkedHashMap<>();
        paging.forEach((policy, outcome) ->
                cut.put(policy, outcome instanceof Curve curve ? forPeople(curve) : outcome));
        return cut;
    }

    /** Each run's outcomes with their curves cut; failures as they are. */
    public static List<RunOutcome> forPeople(List<RunOutcome> outcomes) {
        return outcomes.stream().map(o -> o.failed() ? o
                : new RunOutcome(o.spec(), o.result().withPaging(forPeople(o.result().paging())), null)).toList();
    }

    /** {@code curve} cut to its log-spaced sizes and its knees at {@code tolerance}, however many they are. */
    static Curve cut(Curve curve, double tolerance) {
        if (curve.points() <= 2) {
            return curve;
        }
        boolean[] keep = logSpaced(curve.sizes());
        knees(logSizes(curve), curve.missRatio(), keep, tolerance);
        return kept(curve, keep);
    }

    private static double[] logSizes(Curve curve) {
        long[] sizes = curve.sizes();
        double[] x = new double[sizes.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.log(sizes[i]);
        }
        return x;
    }

    /**
     * Marks the log-spaced sizes: for each of {@value #PER_DECADE} steps a decade from the first size, the point at
     * or below it, and the first and last points.
     */
    private static boolean[] logSpaced(long[] sizes) {
        int n = sizes.length;
        boolean[] grid = new boolean[n];
        grid[0] = true;
        grid[n - 1] = true;
        int at = 0;
        for (int step = 1; ; step++) {
            // each target from the step's own power, so the decades land on round sizes; a hair above, as a power
            // of ten in floating point can fall just short of one
            double target = sizes[0] * Math.pow(10, (double) step / PER_DECADE) * (1 + 1e-12);
            if (target > sizes[n - 1]) {
                break;
            }
            while (at + 1 < n && sizes[at + 1] <= target) {
                at++;
            }
            grid[at] = true;
        }
        return grid;
    }

    /**
     * Adds to {@code keep}, which holds the grid, every point where a line from the last point kept can no longer
     * pass within {@code tolerance} of all the points since; the points kept then.
     */
    private static int knees(double[] x, double[] y, boolean[] keep, double tolerance) {
        int n = x.length;
        int anchor = 0;
        double low = Double.NEGATIVE_INFINITY;
        double high = Double.POSITIVE_INFINITY;
        for (int j = 1; j < n; j++) {
            double dx = x[j] - x[anchor];
            double slope = (y[j] - y[anchor]) / dx;
            if (slope < low || slope > high) {
                // no line from the anchor reaches j and passes near every point between: the previous one is a knee
                anchor = j - 1;
                keep[anchor] = true;
                low = Double.NEGATIVE_INFINITY;
                high = Double.POSITIVE_INFINITY;
                dx = x[j] - x[anchor];
            }
            if (keep[j]) {
                anchor = j;
                low = Double.NEGATIVE_INFINITY;
                high = Double.POSITIVE_INFINITY;
                continue;
            }
            low = Math.max(low, (y[j] - tolerance - y[anchor]) / dx);
            high = Math.min(high, (y[j] + tolerance - y[anchor]) / dx);
        }
        return count(keep);
    }

    private static int count(boolean[] keep) {
        int m = 0;
        for (boolean k : keep) {
            m += k ? 1 : 0;
        }
        return m;
    }

    private static Curve kept(Curve curve, boolean[] keep) {
        int m = count(keep);
        long[] sizes = curve.sizes();
        long[] faults = curve.faults();
        long[] writeBacks = curve.writeBacks();
        double[] resident = curve.meanResident();
        long[] keptSizes = new long[m];
        long[] keptFaults = new long[m];
        long[] keptWriteBacks = new long[m];
        double[] keptResident = new double[m];
        int k = 0;
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                keptSizes[k] = sizes[i];
                keptFaults[k] = faults[i];
                keptWriteBacks[k] = writeBacks[i];
                keptResident[k] = resident[i];
                k++;
            }
        }
        return new Curve(curve.axis(), keptSizes, keptFaults, keptWriteBacks, keptResident, curve.references());
    }
}
