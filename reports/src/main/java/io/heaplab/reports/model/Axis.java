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

    /** Data whose positive values span this ratio or more is drawn on a log axis. */
    static final double LOG_RATIO = 100;

    /** A linear axis. */
    public static Axis linear(String label) {
        return new Axis(label, false);
    }

    /**
     * An axis for {@code values}: logarithmic when their positive values span two decades or more (so a fault
     * curve's tail is not flattened against zero; values of zero or less are not drawn on it), linear otherwise.
     */
    public static Axis fitting(String label, double... values) {
        return fitting(label, LOG_RATIO, values);
    }

    /**
     * An axis for {@code values}, logarithmic when their positive values span {@code ratio} or more: bars, whose
     * lengths are compared, turn unreadable sooner than lines (a bar a fortieth of another is a sliver), so a bar
     * chart may ask for a log axis from one decade.
     */
    public static Axis fitting(String label, double ratio, double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            if (v > 0 && v < Double.POSITIVE_INFINITY) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return new Axis(label, max > 0 && max / min >= ratio);
    }
}
