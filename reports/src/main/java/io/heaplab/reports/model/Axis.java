package io.heaplab.reports.model;

/** A numeric chart axis: its label and whether it is drawn on a log scale. */
public record Axis(String label, boolean log) {

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
