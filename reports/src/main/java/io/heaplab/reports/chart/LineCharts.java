package io.heaplab.reports.chart;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.YIntervalDataItem;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/** Draws a {@link Figure.Type#LINES} figure: lines and published points over two numeric axes, with markers. */
final class LineCharts {

    /** How far each further marker label is pushed down, so labels of nearby markers do not print over each other. */
    private static final double MARKER_LABEL_STEP = 14;

    private LineCharts() {
    }

    /** The chart of {@code figure}, which must be a line figure. */
    static JFreeChart of(Figure figure, ColourScheme scheme) {
        YIntervalSeriesCollection dataset = dataset(figure);
        ValueAxis x = ValueAxes.create(figure.x());
        ValueAxis y = ValueAxes.create(figure.y());
        if (x instanceof NumberAxis linear) {
            // x values such as window sizes or lambdas start far from zero; zero would squash them to one side
            linear.setAutoRangeIncludesZero(false);
        }
        if (y instanceof NumberAxis linear) {
            // utilizations near 0.9 or miss ratios near 0.5 read better on an axis near the data than one from zero
            linear.setAutoRangeIncludesZero(false);
        }
        XYPlot plot = new XYPlot(dataset, x, y, renderer(figure.series(), scheme));
        List<Marker> markers = markers(figure);
        fitRanges(figure, dataset, markers, x, y);
        addMarkers(figure, markers, plot);
        return Theme.chart(figure.title(), plot);
    }

    /**
     * Each series with its band: the mean plus and minus the standard deviation where the series has one (several
     * seeds), no band otherwise.
     */
    private static YIntervalSeriesCollection dataset(Figure figure) {
        List<String> keys = UniqueKeys.of(SameAsNames.of(figure.series()));
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (int i = 0; i < figure.series().size(); i++) {
            Series s = figure.series().get(i);
            // points stay in the order given (a curve may turn back) and may share an x (several published values)
            YIntervalSeries series = new YIntervalSeries(keys.get(i), false, true);
            for (int p = 0; p < s.y().length; p++) {
                double e = s.error().length == 0 || !Double.isFinite(s.error()[p]) ? 0 : s.error()[p];
                // a point a log axis cannot place is left out rather than failing the whole chart
                if (ValueAxes.drawable(figure.x(), s.x()[p]) && ValueAxes.drawable(figure.y(), s.y()[p])) {
                    double low = s.y()[p] - e;
                    series.add(new YIntervalDataItem(s.x()[p], s.y()[p],
                            ValueAxes.drawable(figure.y(), low) ? low : s.y()[p], s.y()[p] + e), false);
                }
            }
            dataset.addSeries(series);
        }
        return dataset;
    }

    private static XYLineAndShapeRenderer renderer(List<Series> series, ColourScheme scheme) {
        DeviationRenderer renderer = new DeviationRenderer(true, false);
        renderer.setAlpha(0.2f);
        // a white rim keeps a point visible where it sits on a line or another point of the same colour
        renderer.setDrawOutlines(true);
        renderer.setUseOutlinePaint(true);
        List<Color> colours = SeriesColours.of(series, scheme);
        int[] rounds = SeriesColours.rounds(series, scheme);
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            boolean points = s.style() == Series.Style.POINTS;
            renderer.setSeriesPaint(i, colours.get(i));
            renderer.setSeriesFillPaint(i, colours.get(i));
            // past the palette's end a colour comes round again, on a dashed line with points of another shape
            renderer.setSeriesStroke(i, Theme.line(rounds[i]));
            renderer.setSeriesLinesVisible(i, !points);
            renderer.setSeriesShapesVisible(i, points || s.y().length <= Theme.MAX_POINTS_WITH_SHAPES);
            renderer.setSeriesShapesFilled(i, true);
            renderer.setSeriesShape(i, points ? Theme.PUBLISHED : Theme.measured(rounds[i]));
            // a published point is ringed in what stands out against its fill, so a yellow one is seen on white and
            // on a yellow line alike
            renderer.setSeriesOutlinePaint(i, points ? Palette.rim(colours.get(i)) : Theme.BACKGROUND);
            renderer.setSeriesOutlineStroke(i, points ? Theme.PUBLISHED_OUTLINE : Theme.OUTLINE);
        }
        return renderer;
    }

    /** The figure's markers that the x axis can place. */
    private static List<Marker> markers(Figure figure) {
        return figure.markers().stream().filter(m -> ValueAxes.drawable(figure.x(), m.x())).toList();
    }

    /** Adds {@code markers} to {@code plot}, whose x axis must already have its final range. */
    private static void addMarkers(Figure figure, List<Marker> markers, XYPlot plot) {
        Range range = plot.getDomainAxis().getRange();
        for (int i = 0; i < markers.size(); i++) {
            Marker m = markers.get(i);
            ValueMarker marker = new ValueMarker(m.x(), Theme.MARKER, Theme.MARKER_LINE);
            marker.setLabel(m.label());
            marker.setLabelFont(Theme.MARKER_FONT);
            marker.setLabelPaint(Theme.MARKER);
            marker.setLabelBackgroundColor(Theme.LABEL_BACKGROUND);
            // a label runs away from the nearer edge, so one near the right end is not cut off by it
            boolean right = ValueAxes.fraction(figure.x(), range, m.x()) > 0.5;
            marker.setLabelAnchor(right ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(right ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
            marker.setLabelOffset(new RectangleInsets(4 + i * MARKER_LABEL_STEP, 4, 4, 4));
            plot.addDomainMarker(marker, Layer.FOREGROUND);
        }
    }

    /**
     * Widens the x axis to take in every marker, since JFreeChart fits its axes to the data alone and a marker
     * outside them is not drawn; and gives axes without any data a plain range (a log axis would otherwise span a
     * hundred decades down to its smallest value).
     */
    private static void fitRanges(Figure figure, YIntervalSeriesCollection dataset, List<Marker> markers,
                                  ValueAxis x, ValueAxis y) {
        Range data = DatasetUtils.findDomainBounds(dataset);
        double lower = data == null ? Double.POSITIVE_INFINITY : data.getLowerBound();
        double upper = data == null ? Double.NEGATIVE_INFINITY : data.getUpperBound();
        for (Marker m : markers) {
            lower = Math.min(lower, m.x());
            upper = Math.max(upper, m.x());
        }
        if (lower > upper) {
            x.setRange(ValueAxes.padded(figure.x(), 1, 10));
        } else if (data == null || lower < data.getLowerBound() || upper > data.getUpperBound()) {
            x.setRange(ValueAxes.padded(figure.x(), lower, upper));
        }
        Range values = DatasetUtils.findRangeBounds(dataset);
        if (values == null) {
            y.setRange(ValueAxes.padded(figure.y(), 1, 10));
        } else if (values.getLength() == 0) {
            // one value (a single point, or a flat line) would get an axis of one repeated label: give it room
            y.setRange(ValueAxes.padded(figure.y(), values.getLowerBound(), values.getUpperBound()));
        }
        if (data != null && data.getLength() == 0 && markers.isEmpty()) {
            x.setRange(ValueAxes.padded(figure.x(), data.getLowerBound(), data.getUpperBound()));
        }
        if (figure.x().fixed()) {
            x.setRange(figure.x().from(), figure.x().to());
        }
        if (figure.y().fixed()) {
            y.setRange(figure.y().from(), figure.y().to());
        }
    }
}
