package io.heaplab.reports.read;

import java.util.List;

/**
 * How a report draws a sweep's table: a measure against one axis ({@code x}), one line per value of a second
 * ({@code lines}), and a small chart for each value of every other axis that varies; the seeds of a point are
 * averaged, their standard deviation drawn as error bars. Null picks for itself: for {@code x} the first size that
 * varies (a policy's frames, theta or maximumSize, the heapSize), else the numeric axis of the most values, else the
 * first that varies; for {@code lines} the first named axis left, else the next; an empty {@code measures} draws
 * every one.
 *
 * @param x        the column along the x axis, or null
 * @param lines    the column whose values are the lines, or null
 * @param measures the measures to draw, each on its own charts; empty for all
 */
public record SweepView(String x, String lines, List<String> measures) {

    /** Every measure, the axes picked by the table. */
    public static final SweepView AUTO = new SweepView(null, null, List.of());

    public SweepView {
        measures = List.copyOf(measures);
    }
}
