package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.statistics.StatisticalCategoryDataset;
import org.junit.jupiter.api.Test;

class ChartsTest {

    static final int WIDTH = Charts.WIDTH;
    static final int HEIGHT = Charts.HEIGHT;
    /** Fewer pixels of a series' colour than this in the plot area, and the series was not really drawn. */
    static final int MIN_SERIES_PIXELS = 40;

    @Test
    void faultCurvesDrawEachStrategyOnALogAxisWithBothMarkersInRange() {
        Figure figure = SampleFigures.faultCurves();
        assertDrawn(figure);

        XYPlot plot = Charts.chart(figure).getXYPlot();
        assertThat(plot.getRangeAxis()).isInstanceOf(LogAxis.class);
        assertThat(plot.getDomainAxis()).isInstanceOf(NumberAxis.class);
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(3);
        assertThat(plot.getDomainMarkers(Layer.FOREGROUND)).hasSize(2);
        // the second published working-set size lies beyond the last frame measured
        assertThat(plot.getDomainAxis().getRange().contains(80)).isTrue();
        assertThat(plot.getDomainAxis().getUpperBound()).isGreaterThan(80);
    }

    @Test
    void normalizedFaultsAreBarsWithThePapersValuesAsPointsOfTheSameColour() {
        Figure figure = SampleFigures.normalizedFaults();
        assertDrawn(figure);

        CategoryPlot plot = Charts.chart(figure).getCategoryPlot();
        assertThat(plot.getRenderer(0)).isInstanceOf(StatisticalBarRenderer.class);
        assertThat(plot.getDataset(0).getRowCount()).isEqualTo(1);
        assertThat(plot.getDataset(0).getColumnKeys()).isEqualTo(figure.categories());
        LineAndShapeRenderer points = (LineAndShapeRenderer) plot.getRenderer(1);
        assertThat(plot.getDataset(1).getRowKeys()).containsExactly("faults / optimal (paper)");
        assertThat(points.getSeriesLinesVisible(0)).isNotEqualTo(Boolean.TRUE);
        assertThat(points.getDefaultLinesVisible()).isFalse();
        assertThat(points.getDefaultShapesVisible()).isTrue();
        assertThat(points.getSeriesPaint(0)).isEqualTo(plot.getRenderer(0).getSeriesPaint(0));
        // categories the paper gives no value for have no point
        assertThat(plot.getDataset(1).getValue(0, 1)).isNull();
        // eight long strategy specs would overprint each other flat
        assertThat(plot.getDomainAxis().getCategoryLabelPositions()).isEqualTo(CategoryLabelPositions.UP_45);
    }

    @Test
    void purdomDrawsLinesPerStrategyAndThePapersPointsInTheirColoursEvenAtOneLambda() {
        Figure figure = SampleFigures.purdom();
        assertDrawn(figure);

        XYPlot plot = Charts.chart(figure).getXYPlot();
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        int firstFitPaper = 3;
        int bestFitPaper = 4;
        assertThat(plot.getDataset().getItemCount(firstFitPaper)).isEqualTo(4);
        assertThat(plot.getDataset().getXValue(firstFitPaper, 1)).isEqualTo(plot.getDataset().getXValue(firstFitPaper, 2));
        assertThat(renderer.getSeriesPaint(firstFitPaper)).isEqualTo(renderer.getSeriesPaint(0));
        assertThat(renderer.getSeriesPaint(bestFitPaper)).isEqualTo(renderer.getSeriesPaint(1));
        assertThat(renderer.getSeriesLinesVisible(firstFitPaper)).isFalse();
        assertThat(renderer.getSeriesShapesVisible(firstFitPaper)).isTrue();
        assertThat(renderer.getSeriesLinesVisible(0)).isTrue();
    }

    @Test
    void theLifetimeCurveIsALineWithoutShapesThroughRepeatedXValues() {
        Figure figure = SampleFigures.lifetime();
        assertDrawn(figure);

        XYPlot plot = Charts.chart(figure).getXYPlot();
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        assertThat(plot.getDataset().getItemCount(0)).isEqualTo(40);
        assertThat(renderer.getSeriesShapesVisible(0)).isFalse();
        assertThat(renderer.getSeriesLinesVisible(0)).isTrue();
    }

    @Test
    void faultsAgainstThetaUseALogXAxis() {
        Figure figure = SampleFigures.faultsAgainstTheta();
        assertDrawn(figure);

        XYPlot plot = Charts.chart(figure).getXYPlot();
        assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class);
        assertThat(plot.getDomainMarkers(Layer.FOREGROUND)).hasSize(1);
        // plain numbers whatever the default locale, not 10 with a superscript
        assertThat(plot.getDomainAxis().getRange().contains(100000)).isTrue();
        assertThat(((LogAxis) plot.getDomainAxis()).getNumberFormatOverride().format(100000)).isEqualTo("100,000");
    }

    @Test
    void jmhRatiosAreBarsWithErrorBars() {
        Figure figure = SampleFigures.jmhRatio();
        assertDrawn(figure);

        CategoryPlot plot = Charts.chart(figure).getCategoryPlot();
        StatisticalCategoryDataset bars = (StatisticalCategoryDataset) plot.getDataset(0);
        assertThat(bars.getStdDevValue(0, 2).doubleValue()).isEqualTo(0.4);
        assertThat(plot.getDomainAxis().getCategoryLabelPositions()).isEqualTo(CategoryLabelPositions.STANDARD);
        // the error bars are the only dark ink inside the plot area
        assertThat(plotPixels(figure, Theme.TEXT)).isGreaterThan(MIN_SERIES_PIXELS);
        Series noErrors = Series.bars(figure.series().getFirst().name(), figure.series().getFirst().y(),
                new double[0]);
        assertThat(plotPixels(withSeries(figure, List.of(noErrors)), Theme.TEXT)).isLessThan(MIN_SERIES_PIXELS);
    }

    @Test
    void pointsALogAxisCannotPlaceAreDroppedNotFatal() {
        Figure figure = Figure.lines("log-zero", "Zero on log axes", new Axis("window", true),
                new Axis("faults", true),
                List.of(Series.line("ws", new double[] {0, 1, 10, 100, 1000, -5},
                        new double[] {500, 0, 120, 40, 12, 3})),
                List.of(new Marker("at zero", 0), new Marker("θ=100", 100)));
        assertDrawn(figure);

        XYPlot plot = Charts.chart(figure).getXYPlot();
        assertThat(plot.getDataset().getItemCount(0)).isEqualTo(3);
        assertThat(plot.getDomainMarkers(Layer.FOREGROUND)).hasSize(1);
    }

    @Test
    void aSeriesWithEveryPointDroppedLeavesAnEmptyChartSayingSo() {
        Figure figure = Figure.lines("all-dropped", "Nothing positive", Axis.linear("frames"),
                new Axis("faults", true),
                List.of(Series.line("lru", new double[] {1, 2, 3}, new double[] {0, 0, 0})), List.of());
        assertRendersEmpty(figure);
    }

    @Test
    void figuresWithoutSeriesRenderAsEmptyCharts() {
        assertRendersEmpty(Figure.lines("empty-lines", "Nothing yet", Axis.linear("frames"),
                Axis.linear("faults"), List.of(), List.of()));
        assertRendersEmpty(Figure.lines("empty-log", "Nothing yet", new Axis("θ", true), new Axis("faults", true),
                List.of(), List.of(new Marker("θ=1000", 1000))));
        assertRendersEmpty(Figure.bars("empty-bars", "Nothing yet", "strategy", Axis.linear("faults"),
                List.of("first-fit", "best-fit"), List.of()));
        assertRendersEmpty(Figure.bars("empty-log-bars", "Nothing yet", "strategy", new Axis("ns/op", true),
                List.of(), List.of()));
    }

    @Test
    void barsOnALogAxisDropBarsAtOrBelowZero() {
        Figure figure = Figure.bars("log-bars", "Spread over decades", "allocator", new Axis("ns/op", true),
                List.of("malloc", "first-fit", "broken", "buddy"),
                List.of(Series.bars("ns/op", new double[] {12, 900, 0, 60}, new double[] {1, 80, 0, 5})));
        assertDrawn(figure);
        assertThat(Charts.chart(figure).getCategoryPlot().getDataset(0).getValue(0, 2)).isNull();
    }

    @Test
    void theRequestedSizeIsTheImagesSize() {
        Png png = Png.decode(Charts.png(SampleFigures.purdom(), 640, 360));
        assertThat(png.image().getWidth()).isEqualTo(640);
        assertThat(png.image().getHeight()).isEqualTo(360);
        assertThat(Svg.parse(Charts.svg(SampleFigures.purdom(), 640, 360)).root().getAttribute("width"))
                .startsWith("640");
        assertThatThrownBy(() -> Charts.png(SampleFigures.purdom(), 0, 360))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void figuresRenderedOnOnePageShareNoIds() {
        List<String> ids = SampleFigures.all().stream()
                .flatMap(f -> Svg.parse(Charts.svg(f, WIDTH, HEIGHT)).ids().stream()).toList();
        assertThat(ids).isNotEmpty().doesNotHaveDuplicates();
        String scoped = Charts.svg(SampleFigures.purdom(), WIDTH, HEIGHT, "section 2/purdom");
        assertThat(Svg.parse(scoped).ids()).allMatch(id -> id.startsWith(SvgIds.prefix("section 2/purdom")));
    }

    /**
     * The render checks must be able to fail: a chart whose series draw nothing (every point dropped, so only the
     * legend shows their colour) fails them.
     */
    @Test
    void theRenderChecksRejectAChartWhoseSeriesDrawNothing() {
        Figure figure = SampleFigures.faultCurves();
        List<Series> flat = figure.series().stream()
                .map(s -> Series.line(s.name(), s.x(), new double[s.y().length])).toList();
        Figure blank = withSeries(figure, flat);
        Color first = SeriesColours.of(flat).getFirst();

        assertThat(plotPixels(blank, first)).isLessThan(MIN_SERIES_PIXELS);
        assertThat(Svg.parse(Charts.svg(blank, WIDTH, HEIGHT)).shapesIn(first, dataArea(blank))).isEmpty();
        assertThat(plotPixels(withSeries(figure, List.of()), first)).isZero();
    }

    /** Everything every drawn figure must satisfy, as PNG and as SVG. */
    static void assertDrawn(Figure figure) {
        byte[] png = Charts.png(figure, WIDTH, HEIGHT);
        Png image = Png.decode(png);
        assertThat(image.image().getWidth()).isEqualTo(WIDTH);
        assertThat(image.image().getHeight()).isEqualTo(HEIGHT);
        assertThat(image.inked()).as("share of non-background pixels").isBetween(0.01, 0.80);
        Color first = SeriesColours.of(figure.series()).getFirst();
        assertThat(first).isEqualTo(Palette.colour(0));
        assertThat(plotPixels(figure, first)).as("pixels of the first series' colour in the plot area")
                .isGreaterThanOrEqualTo(MIN_SERIES_PIXELS);
        assertThat(Charts.png(figure, WIDTH, HEIGHT)).as("a second PNG render").isEqualTo(png);

        String text = Charts.svg(figure, WIDTH, HEIGHT);
        Svg svg = Svg.parse(text);
        assertThat(svg.root().getLocalName()).isEqualTo("svg");
        assertThat(svg.shapes()).hasSizeGreaterThanOrEqualTo(figure.series().size());
        // inside the plot, at least one path, line or bar per series in that series' colour
        Map<Color, Long> wearers = SeriesColours.of(figure.series()).stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        Rectangle2D plotArea = dataArea(figure);
        wearers.forEach((colour, series) -> assertThat(svg.shapesIn(colour, plotArea))
                .as("SVG shapes in " + colour + " inside the plot").hasSizeGreaterThanOrEqualTo(series.intValue()));
        assertThat(svg.ids()).isNotEmpty().allMatch(id -> id.startsWith(SvgIds.prefix(figure.id())));
        assertThat(Charts.svg(figure, WIDTH, HEIGHT)).as("a second SVG render").isEqualTo(text);
    }

    static void assertRendersEmpty(Figure figure) {
        Png image = Png.decode(Charts.png(figure, WIDTH, HEIGHT));
        assertThat(image.image().getWidth()).isEqualTo(WIDTH);
        assertThat(image.inked()).isGreaterThan(0);
        Svg svg = Svg.parse(Charts.svg(figure, WIDTH, HEIGHT));
        assertThat(svg.root().getLocalName()).isEqualTo("svg");
        assertThat(svg.texts()).contains(Theme.NO_DATA);
    }

    /** How many pixels of {@code colour} the PNG of {@code figure} has inside its plot's data area. */
    static int plotPixels(Figure figure, Color colour) {
        return Png.decode(Charts.png(figure, WIDTH, HEIGHT)).count(colour, dataArea(figure).getBounds());
    }

    /**
     * Where {@code figure}'s plot draws its data, a few pixels wider all round (SVG measures text a hair differently
     * from an image, and points on the edge overhang it). The same figure always lays out the same, so the area
     * found in one render locates the data in another.
     */
    static Rectangle2D dataArea(Figure figure) {
        ChartRenderingInfo info = new ChartRenderingInfo();
        JFreeChart chart = Charts.chart(figure);
        chart.createBufferedImage(WIDTH, HEIGHT, info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        return new Rectangle2D.Double(area.getX() - 4, area.getY() - 4, area.getWidth() + 8, area.getHeight() + 8);
    }

    static Figure withSeries(Figure figure, List<Series> series) {
        return new Figure(figure.id(), figure.type(), figure.title(), figure.x(), figure.y(), figure.categories(),
                series, figure.markers());
    }
}
