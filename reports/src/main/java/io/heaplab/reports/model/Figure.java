package io.heaplab.reports.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One chart: lines over two numeric axes, or bars over named categories, with optional vertical markers.
 *
 * @param id         a name unique within its section (lower-case letters, digits, '-'), used for the chart's files
 * @param categories the bar groups of a {@link Type#BARS} figure; empty for lines
 * @param markers    vertical lines on the x axis of a {@link Type#LINES} figure
 */
public record Figure(String id, Type type, String title, Axis x, Axis y, List<String> categories,
                     List<Series> series, List<Marker> markers) {

    private static final Pattern VALID_ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

    /** The two shapes a heaplab chart takes. */
    public enum Type {
        /** Lines (or points) against a numeric x axis: fault curves, utilization against lambda. */
        LINES,
        /** Bars per category, with error bars when a series has them: normalized faults, ns/op ratios. */
        BARS
    }

    public Figure {
        if (!VALID_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("figure id '" + id + "' (expected: lower-case letters, digits and"
                    + " '-', as chart files are named by it)");
        }
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        markers = List.copyOf(markers);
        for (Series s : series) {
            if (type == Type.BARS && s.y().length != categories.size()) {
                throw new IllegalArgumentException("figure '" + id + "': series '" + s.name() + "' has " + s.y().length
                        + " bars for " + categories.size() + " categories (expected: one per category)");
            }
            if (type == Type.LINES && s.x().length != s.y().length) {
                throw new IllegalArgumentException("figure '" + id + "': series '" + s.name() + "' has "
                        + s.x().length + " x values for " + s.y().length + " points (expected: one per point on a"
                        + " line chart)");
            }
        }
    }

    /** A line chart. */
    public static Figure lines(String id, String title, Axis x, Axis y, List<Series> series, List<Marker> markers) {
        return new Figure(id, Type.LINES, title, x, y, List.of(), series, markers);
    }

    /** A bar chart; the x axis only carries the category label. */
    public static Figure bars(String id, String title, String categoryLabel, Axis y, List<String> categories,
                              List<Series> series) {
        return new Figure(id, Type.BARS, title, Axis.linear(categoryLabel), y, categories, series, List.of());
    }
}
