package io.heaplab.reports.chart;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.awt.Stroke;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;

/** Draws a {@link Figure.Type#BARS} figure: bars with error bars per category, published values as points on top. */
final class BarCharts {

    /** More categories than this, or labels longer in all than {@link #FLAT_LABEL_CHARS}, are drawn slanted. */
    static final int FLAT_CATEGORIES = 6;
    static final int FLAT_LABEL_CHARS = 60;
    /** The most lines a category label wraps onto. */
    static final int LABEL_LINES = 3;

    private BarCharts() {
    }

    /** The chart of {@code figure}, which must be a bar figure. */
    static JFreeChart of(Figure figure, ColourScheme scheme) {
        List<Series> series = figure.series();

        List<String> categories = UniqueKeys.of(figure.categories());
        List<Color> colours = SeriesColours.of(series, scheme);
        int[] rounds = SeriesColours.rounds(series, scheme);

        DefaultStatisticalCategoryDataset bars = new DefaultStatisticalCategoryDataset();
        StatisticalBarRenderer barRenderer = barRenderer();
        DefaultCategoryDataset points = new DefaultCategoryDataset();
        // shapes only: published values sit on their category, not joined into a line across strategies
        LineAndShapeRenderer pointRenderer = new LineAndShapeRenderer(false, true);
        // a published point is filled with its series' colour and ringed in what stands out against it: visible on
        // its own bar (of the same colour), on another and off them
        pointRenderer.setUseFillPaint(true);
        pointRenderer.setDrawOutlines(true);
        pointRenderer.setUseOutlinePaint(true);
        List<Series> measured = series.stream().filter(s -> s.style() != Series.Style.POINTS).toList();
        List<Series> published = series.stream().filter(s -> s.style() == Series.Style.POINTS).toList();
        // when every published series has a measured one, each point sits over its own bar, in the bars' order
        boolean paired = !measured.isEmpty() && published.stream().allMatch(p -> partner(p, measured) != null);
        List<Series> pointRows = paired ? measured.stream().map(m -> partner(m, published, true)).toList() : published;
        // bars stand side by side, so only points that share their category's centre can hide one another
        List<String> keys = UniqueKeys.of(SameAsNames.of(series, !paired));
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            if (s.style() != Series.Style.POINTS) {
                int row = bars.getRowCount();
                for (int c = 0; c < categories.size(); c++) {
                    Double error = s.error().length == 0 ? null : drawableError(s.error()[c]);
                    bars.add(drawable(figure, s.y()[c]), error, keys.get(i), categories.get(c));
                }
                barRenderer.setSeriesPaint(row, colours.get(i));
                // past the palette's end a colour comes round again, ringed to tell it from the first of its colour
                Stroke outline = Theme.barOutline(rounds[i]);
                barRenderer.setSeriesOutlineStroke(row, outline == null ? Theme.OUTLINE : outline);
                barRenderer.setSeriesOutlinePaint(row, outline == null ? colours.get(i) : Theme.TEXT);
            }
        }
        for (int row = 0; row < pointRows.size(); row++) {
            Series s = pointRows.get(row);
            int i = s == null ? -1 : series.indexOf(s);
            String key = i < 0 ? keys.get(series.indexOf(measured.get(row))) + SeriesColours.PAPER_SUFFIX : keys.get(i);
            for (int c = 0; c < categories.size(); c++) {
                points.addValue(s == null ? null : drawable(figure, s.y()[c]), key, categories.get(c));
            }
            Color colour = i < 0 ? Theme.BACKGROUND : colours.get(i);
            pointRenderer.setSeriesPaint(row, colour);
            pointRenderer.setSeriesFillPaint(row, colour);
            pointRenderer.setSeriesOutlinePaint(row, Palette.rim(colour));
            pointRenderer.setSeriesOutlineStroke(row, Theme.PUBLISHED_OUTLINE);
            pointRenderer.setSeriesShape(row, Theme.PUBLISHED);
            // a row only there to keep the others over their bars has no legend entry
            pointRenderer.setSeriesVisibleInLegend(row, s != null);
        }

        CategoryAxis x = new CategoryAxis(figure.x().label());
        Theme.axis(x);
        // a label too long for its room wraps rather than ending in "...", which would cut off what tells two runs
        // apart ("stack · seed 2 · pqsim:seconds=100")
        x.setMaximumCategoryLabelLines(LABEL_LINES);
        if (slanted(figure.categories())) {
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        ValueAxis y = ValueAxes.create(figure.y());
        if (figure.y().log()) {
            // a bar grows from zero, which a log axis cannot show; without this the axis would reach down for it
            barRenderer.setIncludeBaseInRange(false);
        }
        if (paired) {
            // a bar's centre, as the bar renderer places it: its item margin is a share of the whole axis, the
            // point renderer's a share of one category, whose width the axis margins have already narrowed
            pointRenderer.setUseSeriesOffset(true);
            double categoriesShare = 1 - x.getLowerMargin() - x.getUpperMargin()
                    - (categories.size() > 1 ? x.getCategoryMargin() : 0);
            pointRenderer.setItemMargin(barRenderer.getItemMargin() / categoriesShare);
        }
        CategoryPlot plot = new CategoryPlot(bars, x, y, barRenderer);
        plot.setDataset(1, points);
        plot.setRenderer(1, pointRenderer);
        // draw the bars first so the published points stay visible on top of them
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        if (bars.getRowCount() == 0 && points.getRowCount() == 0) {
            // no series: no data message rather than an axis fitted to nothing
            y.setRange(ValueAxes.padded(figure.y(), 1, 10));
        }
        return Theme.chart(figure.title(), plot);
    }

    /** The series of {@code among} paired with {@code s}: its measured one for a published series. */
    private static Series partner(Series s, List<Series> among) {
        return partner(s, among, false);
    }

    /**
     * The series of {@code among} paired with {@code s}: for a published series its measured one; with {@code
     * published}, for a measured series its published one. {@code null} when there is none.
     */
    private static Series partner(Series s, List<Series> among, boolean published) {
        String name = published ? s.name() + SeriesColours.PAPER_SUFFIX
                : s.name().substring(0, Math.max(0, s.name().length() - SeriesColours.PAPER_SUFFIX.length()));
        if (!published && !s.name().endsWith(SeriesColours.PAPER_SUFFIX)) {
            return null;
        }
        return among.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
    }

    private static StatisticalBarRenderer barRenderer() {
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        // flat fills: the default gradient and shadow would add colours no series has
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        // outlined in the bar's own colour (invisible) but where the palette came round ({@link Theme#barOutline})
        renderer.setDrawBarOutline(true);
        renderer.setItemMargin(0.05);
        renderer.setErrorIndicatorPaint(Theme.TEXT);
        renderer.setErrorIndicatorStroke(Theme.ERROR_BAR);
        return renderer;
    }

    /** {@code value} if the y axis can draw it, else null: the bar or point is left out, not the chart. */
    private static Double drawable(Figure figure, double value) {
        return ValueAxes.drawable(figure.y(), value) ? value : null;
    }

    private static Double drawableError(double halfWidth) {
        return Double.isFinite(halfWidth) && halfWidth > 0 ? halfWidth : null;
    }

    /** Whether the category labels are too many or too long to sit flat side by side. */
    static boolean slanted(List<String> categories) {
        int chars = categories.stream().mapToInt(String::length).sum();
        return categories.size() > FLAT_CATEGORIES || chars > FLAT_LABEL_CHARS;
    }
}
