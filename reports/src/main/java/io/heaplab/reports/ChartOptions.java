package io.heaplab.reports;

import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.Section;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a report draws every chart: the scale of the x and the y axis, as the data choose ({@link Scale#AUTO}) or
 * forced, and the images' size in pixels. A bar chart's x axis holds categories; only its value axis takes a scale.
 *
 * @param x      the scale of every line chart's x axis
 * @param y      the scale of every chart's value axis
 * @param width  the width of every chart image, from {@link #MIN_SIZE} to {@link #MAX_SIZE} pixels
 * @param height the height of every chart image, likewise
 */
public record ChartOptions(Scale x, Scale y, int width, int height) {

    /** The smallest width or height a chart can be drawn at and still have room for its axes and legend. */
    public static final int MIN_SIZE = 200;
    /** The largest width or height: a page of a few dozen charts of this size is already tens of megabytes. */
    public static final int MAX_SIZE = 8000;

    /** Every axis as its data choose, charts of the default size. */
    public static final ChartOptions DEFAULT = new ChartOptions(Scale.AUTO, Scale.AUTO, Charts.WIDTH, Charts.HEIGHT);

    private static final Pattern SIZE = Pattern.compile("(\\d{1,9})x(\\d{1,9})");

    /** The scale of an axis. */
    public enum Scale {
        /** As the data choose: logarithmic when the positive values span a decade or more ({@link Axis#fitting}). */
        AUTO,
        /** Logarithmic whatever the data; values of zero or less are not drawn. */
        LOG,
        /** Linear whatever the data. */
        LINEAR;

        /** The scale named {@code text} ({@code auto}, {@code log} or {@code linear}). */
        public static Scale parse(String text) {
            for (Scale scale : values()) {
                if (scale.name().toLowerCase(Locale.ROOT).equals(text)) {
                    return scale;
                }
            }
            throw new IllegalArgumentException(text + " (expected: auto, log or linear)");
        }
    }

    public ChartOptions {
        if (x == null || y == null) {
            throw new IllegalArgumentException("scales " + x + " and " + y + " (expected: both given)");
        }
        if (width < MIN_SIZE || width > MAX_SIZE || height < MIN_SIZE || height > MAX_SIZE) {
            throw new IllegalArgumentException(width + "x" + height + " (expected: a width and height from "
                    + MIN_SIZE + " to " + MAX_SIZE + " pixels)");
        }
    }

    /** These options with charts of {@code text}, written {@code WIDTHxHEIGHT} in pixels ({@code 1200x750}). */
    public ChartOptions sized(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(text + " (expected: WIDTHxHEIGHT in pixels, such as 1200x750)");
        }
        return new ChartOptions(x, y, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** {@code report} with every figure's axes scaled as these options say. */
    public Report apply(Report report) {
        if (x == Scale.AUTO && y == Scale.AUTO) {
            return report;
        }
        return new Report(report.schema(), report.title(), report.inputs(), report.sections().stream()
                .map(s -> new Section(s.title(), s.source(), s.parameters(), s.environment(), s.notes(), s.tables(),
                        s.figures().stream().map(this::apply).toList())).toList());
    }

    /** {@code figure} with its axes scaled as these options say; a bar chart's categories stay as they are. */
    public Figure apply(Figure figure) {
        Axis across = figure.type() == Figure.Type.LINES ? scaled(figure.x(), x) : figure.x();
        return new Figure(figure.id(), figure.type(), figure.title(), across, scaled(figure.y(), y),
                figure.categories(), figure.series(), figure.markers());
    }

    /**
     * {@code axis} on {@code scale}; a fixed range kept, but one reaching zero or below on a forced log axis, which
     * could not draw it: that axis is fitted to its data.
     */
    static Axis scaled(Axis axis, Scale scale) {
        return switch (scale) {
            case AUTO -> axis;
            case LINEAR -> new Axis(axis.label(), false, axis.from(), axis.to());
            case LOG -> axis.fixed() && axis.from() > 0 ? new Axis(axis.label(), true, axis.from(), axis.to())
                    : Axis.logarithmic(axis.label());
        };
    }
}
