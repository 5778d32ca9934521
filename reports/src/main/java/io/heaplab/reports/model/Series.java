package io.heaplab.reports.model;

/**
 * One line or one set of bars in a figure.
 *
 * <p>On a {@link Figure.Type#LINES} figure, point i is ({@code x[i]}, {@code y[i]}). On a {@link Figure.Type#BARS}
 * figure {@code x} is empty and {@code y[i]} is the bar of the figure's category i. {@code error}, when not empty,
 * holds a half-width per point, drawn as an error bar. A missing value (a figure the paper does not give) is NaN
 * and is not drawn.
 */
public record Series(String name, Style style, double[] x, double[] y, double[] error) {

    /** How a series is drawn. */
    public enum Style {
        /** Measured values: a solid line (or a filled bar). */
        LINE,
        /** Published values beside measured ones: points without a line. */
        POINTS
    }

    public Series {
        if (x.length != 0 && x.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "': " + x.length + " x values for " + y.length
                    + " y values (expected: as many, or none for bars)");
        }
        if (error.length != 0 && error.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "': " + error.length + " error values for "
                    + y.length + " points (expected: as many, or none)");
        }
    }

    /** A measured line through the points ({@code x[i]}, {@code y[i]}). */
    public static Series line(String name, double[] x, double[] y) {
        return new Series(name, Style.LINE, x, y, new double[0]);
    }

    /** Measured bars, one per category, with an error half-width each (or none). */
    public static Series bars(String name, double[] y, double[] error) {
        return new Series(name, Style.LINE, new double[0], y, error);
    }
}
