package io.heaplab.reports.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A log axis that also labels 2 and 5 of every decade when it spans fewer than {@link #SHORT} decades: an axis of
 * 500 to 9,000 faults, log since it spans more than a decade, would otherwise show the single label 1,000.
 */
final class SteppedLogAxis extends LogAxis {

    /** An axis spanning fewer decades than this gets the labels between the powers of ten. */
    static final double SHORT = 2;

    private static final double[] STEPS = {2, 5};

    SteppedLogAxis(String label) {
        super(label);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<ValueTick> ticks = new ArrayList<>(super.refreshTicks(g2, state, dataArea, edge));
        double lower = getLowerBound();
        double upper = getUpperBound();
        if (!(lower > 0) || Math.log10(upper) - Math.log10(lower) >= SHORT) {
            return ticks;
        }
        // the labels between sit where the powers' labels sit: left of a vertical axis, under a horizontal one
        TextAnchor anchor = RectangleEdge.isTopOrBottom(edge)
                ? (edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER)
                : (edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT);
        ticks.removeIf(t -> t.getTickType() == TickType.MINOR && isStep(t.getValue()));
        for (int decade = (int) Math.floor(Math.log10(lower)); decade <= (int) Math.ceil(Math.log10(upper)); decade++) {
            for (double step : STEPS) {
                double value = step * Math.pow(10, decade);
                if (value >= lower && value <= upper) {
                    ticks.add(new LogTick(TickType.MAJOR, value, createTickLabel(value), anchor));
                }
            }
        }
        ticks.sort(Comparator.comparingDouble(ValueTick::getValue));
        return ticks;
    }

    /** Whether {@code value} is 2 or 5 times a power of ten, up to rounding. */
    private static boolean isStep(double value) {
        double mantissa = value / Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : STEPS) {
            if (Math.abs(mantissa - step) < 1e-9) {
                return true;
            }
        }
        return false;
    }
}
