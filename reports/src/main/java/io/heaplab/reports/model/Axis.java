package io.heaplab.reports.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A numeric chart axis: its label, whether it is drawn on a log scale, and a fixed range, or none (null) for one
 * fitted to the data (charts to be compared side by side share one); a report file leaves out a range it lacks.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Axis(String label, boolean log, Double from, Double to) {

    public Axis {
        if ((from == null) != (to == null) || from != null && !(from < to)) {
            throw new IllegalArgumentException("axis '" + label + "' from " + from + " to " + to
                    + " (expected: no range, or from below to)");
        }
    }

    /** An axis fitted to the data. */
    public Axis(String label, boolean log) {
        this(label, log, null, null);
    }

    /** This axis from {@code from} to {@code to} whatever the data. */
    public Axis over(double from, double to) {
        return new Axis(label, log, from, to);
    }

    /** Whether the range is fixed. */
    public boolean fixed() {
        return from != null;
    }

    /** Data whose positive values span this ratio (a decade) or more is drawn on a log axis. */
    public static final double LOG_RATIO = 10;

    /** A linear axis. */
    public static Axis linear(String label) {
        return new Axis(label, false);
    }

    /** A log axis, whatever the data: values of zero or less are not drawn on it. */
    public static Axis logarithmic(String label) {
        return new Axis(label, true);
    }

    /**
     * An axis for the points of lines: logarithmic when their positive values span a decade or more and none is
     * negative, linear otherwise. A zero does not keep it linear (a fault curve's tail reaches zero faults once the
     * memory holds every page; on a linear axis its head would flatten the rest against zero), but it is not drawn
     * on the log axis; a negative value means a measure that crosses zero, which only a linear axis shows.
     */
    public static Axis fitting(String label, double... values) {
        return new Axis(label, spansDecades(LOG_RATIO, true, values));
    }

    /**
     * An axis for bars: logarithmic when every value is positive and they span {@code ratio} or more (a bar a
     * fortieth of another is a sliver), linear otherwise, as a bar of zero on a log axis could not be told from a
     * missing one. Missing values (NaN) are left out of the choice.
     */
    public static Axis fitting(String label, double ratio, double[] values) {
        return new Axis(label, spansDecades(ratio, false, values));
    }

    /** Whether the finite values span {@code ratio}, counting the positive ones, and may be drawn on a log axis. */
    private static boolean spansDecades(double ratio, boolean zerosAllowed, double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            if (!Double.isFinite(v)) {
                continue;
            }
            if (v < 0 || v == 0 && !zerosAllowed) {
                return false;
            }
            if (v > 0) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return max > 0 && max / min >= ratio;
    }
}
