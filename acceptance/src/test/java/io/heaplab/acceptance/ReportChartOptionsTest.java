package io.heaplab.acceptance;

import static io.heaplab.acceptance.TraceCommandTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.ReportJson;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heaplab report --x-scale, --y-scale, --size} end to end: the charts written take them, bad values fail. */
class ReportChartOptionsTest {

    private static final Pattern SVG_SIZE = Pattern.compile("^<svg [^>]*width='([0-9.]+)' height='([0-9.]+)'");

    @TempDir
    static Path dir;

    private static Path runs;

    @BeforeAll
    static void run() {
        runs = dir.resolve("runs.json");
        // small pages, so the fault curve runs over tens of frames
        Cli cli = Cli.run("run", "-w", "random-blocks:live=2000,steps=3000", "-a", "first-fit,buddy",
                "-p", "lru:frames=all", "--page-size", "256", "--json", runs.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
    }

    @Test
    void chartsTakeTheScalesAndSizeGiven() throws Exception {
        Path out = dir.resolve("forced");
        Cli cli = Cli.run("report", runs.toString(), "--x-scale", "log", "--y-scale", "linear", "--size", "1000x600",
                "--out", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<Path> svgs;
        try (Stream<Path> files = Files.list(out.resolve("charts"))) {
            svgs = files.filter(f -> f.toString().endsWith(".svg")).sorted().toList();
        }
        assertThat(svgs).isNotEmpty();
        for (Path svg : svgs) {
            Matcher size = SVG_SIZE.matcher(Files.readString(svg));
            assertThat(size.find()).as(svg.toString()).isTrue();
            assertThat(Double.parseDouble(size.group(1))).as(svg.toString()).isEqualTo(1000);
            assertThat(Double.parseDouble(size.group(2))).as(svg.toString()).isEqualTo(600);
            BufferedImage png = ImageIO.read(Path.of(svg.toString().replace(".svg", ".png")).toFile());
            assertThat(png.getWidth()).isEqualTo(1000);
            assertThat(png.getHeight()).isEqualTo(600);
        }
        Report report = ReportJson.fromTree(new ObjectMapper().readTree(out.resolve("report.json").toFile()));
        List<Figure> figures = report.sections().getFirst().figures();
        Figure curves = figures.stream().filter(f -> f.id().startsWith("faults-frames")).findFirst().orElseThrow();
        assertThat(figures).allSatisfy(f -> assertThat(f.y().log()).as(f.id()).isFalse());
        assertThat(figures).filteredOn(f -> f.type() == Figure.Type.LINES)
                .allSatisfy(f -> assertThat(f.x().log()).as(f.id()).isTrue());
        // the fault curve as heaplab draws it: its frames on a log axis, ticked at powers of ten
        List<Double> ticks = xTicks(curves);
        assertThat(ticks).hasSizeGreaterThanOrEqualTo(2).allSatisfy(t -> assertThat(Math.log10(t))
                .as("tick %s", t).isCloseTo(Math.rint(Math.log10(t)), org.assertj.core.data.Offset.offset(1e-9)));

        // without the options the data choose: the faults span decades, so a log y; charts of the default size
        Path auto = dir.resolve("auto");
        assertThat(Cli.run("report", runs.toString(), "--out", auto.toString()).exitCode()).isZero();
        Report chosen = ReportJson.fromTree(new ObjectMapper().readTree(auto.resolve("report.json").toFile()));
        Figure chosenCurves = chosen.sections().getFirst().figures().stream()
                .filter(f -> f.id().startsWith("faults-frames")).findFirst().orElseThrow();
        assertThat(chosenCurves.y().log()).isTrue();
        assertThat(ImageIO.read(auto.resolve("charts").resolve("01-" + chosenCurves.id() + ".png").toFile())
                .getWidth()).isEqualTo(Charts.WIDTH);
    }

    @Test
    void badScalesAndSizesAreUsageErrorsNamingTheOption() {
        String out = dir.resolve("never").toString();
        assertUsage(Cli.run("report", runs.toString(), "--x-scale", "logarithmic", "-o", out),
                "heaplab: --x-scale logarithmic (expected: auto, log or linear)\n");
        assertUsage(Cli.run("report", runs.toString(), "--y-scale", "LOG", "-o", out),
                "heaplab: --y-scale LOG (expected: auto, log or linear)\n");
        assertUsage(Cli.run("report", runs.toString(), "--size", "1000", "-o", out),
                "heaplab: --size 1000 (expected: WIDTHxHEIGHT in pixels, such as 1200x750)\n");
        assertUsage(Cli.run("report", runs.toString(), "--size", "1000x50", "-o", out),
                "heaplab: --size 1000x50 (expected: a width and height from 200 to 8000 pixels)\n");
        assertThat(dir.resolve("never")).doesNotExist();
    }

    /** The values at which the x axis of {@code figure}'s chart, drawn at the default size, has a labelled tick. */
    private static List<Double> xTicks(Figure figure) {
        JFreeChart chart = Charts.chart(figure);
        BufferedImage image = new BufferedImage(Charts.WIDTH, Charts.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            ChartRenderingInfo info = new ChartRenderingInfo();
            chart.draw(g2, new Rectangle2D.Double(0, 0, Charts.WIDTH, Charts.HEIGHT), info);
            XYPlot plot = (XYPlot) chart.getPlot();
            assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class).isNotInstanceOf(NumberAxis.class);
            @SuppressWarnings("unchecked")
            List<ValueTick> ticks = (List<ValueTick>) (List<?>) plot.getDomainAxis().refreshTicks(g2, new AxisState(),
                    info.getPlotInfo().getDataArea(), RectangleEdge.BOTTOM);
            // the major ticks carry the labels; a log axis's minor ticks between them have none
            return ticks.stream().filter(t -> t.getTickType() == TickType.MAJOR).map(ValueTick::getValue).toList();
        } finally {
            g2.dispose();
        }
    }
}
