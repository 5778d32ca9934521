package io.heaplab.reports.chart;

import io.heaplab.reports.model.Axis;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.data.Range;

/** Numeric JFreeChart axes for the model's {@link Axis}: logarithmic or linear, and which values each can draw. */
final class ValueAxes {

    /** The share of the drawn span left empty beyond the outermost value on each side. */
    static final double MARGIN = 0.05;

    private ValueAxes() {
    }

    /** A {@link LogAxis} when {@code axis} is log, a {@link NumberAxis} otherwise, labelled and styled. */
    static ValueAxis create(Axis axis) {
        ValueAxis created;
        if (axis.log()) {
            // a short log axis (fewer than two decades) labels 2 and 5 of each decade too
            LogAxis log = new SteppedLogAxis(axis.label());
            // a log axis's tick unit is a step in the exponent: whole steps give 10^2, 10^3 rather than 10^2.5; and
            // the default units follow the default locale, fixed here so output does not depend on the machine
            log.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
            // plain numbers (1,000 faults, a window of 10,000) read more directly than powers of ten, and a fixed
            // locale keeps the labels the same on every machine
            log.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
            created = log;
        } else {
            NumberAxis linear = new NumberAxis(axis.label());
            linear.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
            created = linear;
        }
        Theme.axis(created);
        return created;
    }

    /** Whether {@code value} can be drawn on {@code axis}: finite, and positive on a log axis. */
    static boolean drawable(Axis axis, double value) {
        return Double.isFinite(value) && (!axis.log() || value > 0);
    }

    /** Where {@code value} lies across {@code range}, from 0 at its lower bound to 1 at its upper, in decades on a log axis. */
    static double fraction(Axis axis, Range range, double value) {
        if (axis.log()) {
            double lo = Math.log10(range.getLowerBound());
            return (Math.log10(value) - lo) / (Math.log10(range.getUpperBound()) - lo);
        }
        return (value - range.getLowerBound()) / range.getLength();
    }

    /** The range to show so that {@code lower..upper} fits with a margin, measured in decades on a log axis. */
    static Range padded(Axis axis, double lower, double upper) {
        if (axis.log()) {
            double lo = Math.log10(lower);
            double hi = Math.log10(upper);
            double pad = hi > lo ? (hi - lo) * MARGIN : 0.5;
            return new Range(Math.pow(10, lo - pad), Math.pow(10, hi + pad));
        }
        double span = upper - lower;
        double pad = span > 0 ? span * MARGIN : Math.max(Math.abs(lower) * MARGIN, 1);
        return new Range(lower - pad, upper + pad);
    }
}
