package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.chart.ColourScheme;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.CategoryItemEntity;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * heaplab's HTML reports as a reader sees them: three reports written through the CLI (a scaled-down reproduction
 * of Brent and of Purdom et al., and {@code heaplab report} over run, curve and JMH results) opened in headless
 * Chromium at a wide and a narrow window, and checked for script errors, blank or broken charts, dead links and
 * a page wider than the window; and a chart of every palette colour checked, pixel by pixel, for published points
 * that cannot be seen. Skipped where no Chromium is installed; CI installs it.
 */
class BrowserReportTest {

    private static final int[] WIDTHS = {1400, 800};
    private static final String BROKEN = "broken-on-purpose";
    private static final String PALETTE = "palette";
    /** A bar per palette colour with its published point on it, and another bar with its point above it. */
    private static final Figure EVERY_COLOUR = everyColour();
    /** The palette report's chart as Chromium showed it at the widest window. */
    private static BufferedImage paletteShot;

    /**
     * Measures the loaded page: every image loaded and painted with more than one colour (the charts are data URIs,
     * so the canvas is never tainted), every in-page link's target, the sibling files linked to, and what sticks
     * out past the window's right edge outside a scrolling box.
     */
    private static final String MEASURE = """
            (async () => {
              const images = [];
              for (const img of document.images) {
                const name = img.alt || img.src.slice(0, 80);
                if (!img.complete || img.naturalWidth === 0) { images.push(`img "${name}" did not load`); continue; }
                await img.decode().catch(() => {});
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth;
                canvas.height = img.naturalHeight;
                const context = canvas.getContext('2d', {willReadFrequently: true});
                context.drawImage(img, 0, 0);
                const pixels = new Uint32Array(context.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
                if (pixels.every(p => p === pixels[0])) { images.push(`img "${name}" is blank (one colour)`); }
              }
              const links = [];
              const files = [];
              for (const a of document.querySelectorAll('a[href]')) {
                const href = a.getAttribute('href');
                if (href.startsWith('#')) {
                  if (!document.getElementById(decodeURIComponent(href.slice(1)))) {
                    links.push(`link "${href}" points at no element with that id`);
                  }
                } else if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) {
                  files.push(href);
                }
              }
              const clips = element => {
                for (let e = element.parentElement; e; e = e.parentElement) {
                  if (getComputedStyle(e).overflowX !== 'visible') { return true; }
                }
                return false;
              };
              const describe = e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')
                  + ' "' + (e.getAttribute('alt') || e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
              const wide = [];
              for (const e of document.body.querySelectorAll('*')) {
                const right = e.getBoundingClientRect().right;
                // the outermost culprits only: a child of one already named adds nothing
                if (right > window.innerWidth + 0.5 && !clips(e)
                    && !(e.parentElement.getBoundingClientRect().right > window.innerWidth + 0.5)) {
                  wide.push(`${describe(e)} reaches ${Math.round(right)} px`);
                }
              }
              const contents = document.querySelectorAll('nav#contents a[href^="#"]').length;
              return {images: document.images.length, imageProblems: images, linkProblems: links, files, contents,
                  scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide};
            })()
            """;

    @TempDir
    static Path dir;

    /** What each report showed at each width, by report name. */
    private static final Map<String, List<Visit>> VISITS = new LinkedHashMap<>();

    /** One report seen at one window width. */
    record Visit(String report, int width, Path page, List<String> errors, JsonNode measured) {

        String where() {
            return report + " at " + width + " px";
        }

        /** The problems {@code check} finds, each prefixed with the report and width. */
        List<String> problems(Function<Visit, List<String>> check) {
            return check.apply(this).stream().map(problem -> where() + ": " + problem).toList();
        }
    }

    @BeforeAll
    @Timeout(240)
    static void openEveryReportInChromium() throws Exception {
        Optional<Path> chromium = Chromium.find();
        if (chromium.isEmpty()) {
            // not an assumption here: surefire would drop the whole class without a word; each test skips instead
            return;
        }
        Map<String, Path> reports = new LinkedHashMap<>();
        reports.put("brent", brent());
        reports.put("purdom", purdom());
        reports.put("report", report());
        reports.put(BROKEN, broken());
        reports.put(PALETTE, palette());
        for (Map.Entry<String, Path> report : reports.entrySet()) {
            try {
                VISITS.put(report.getKey(), visit(chromium.get(), report.getKey(), report.getValue()));
            } catch (IOException e) {
                throw new IOException(report.getKey() + "'s report in Chromium: " + e.getMessage(), e);
            }
        }
    }

    private static Path brent() {
        Path out = dir.resolve("brent");
        // ReproduceBrentTest's scale, with a shorter PQSIM: the page is the same, only its numbers differ
        assertRan(Cli.run("reproduce", "brent", "--tridiag-n", "40", "--pqsim-seconds", "20", "--seeds", "2",
                "--strategies", "stack,random,nofree,mru", "--report", out.toString()));
        return out.resolve("index.html");
    }

    private static Path purdom() {
        Path out = dir.resolve("purdom");
        assertRan(Cli.run("reproduce", "purdom", "--tables", "2", "--requests", "200", "--seeds", "2", "--report",
                out.toString()));
        return out.resolve("index.html");
    }

    private static Path report() throws Exception {
        Path runs = dir.resolve("runs.json");
        assertRan(Cli.run("run", "-w", "random-blocks:live=200,steps=3000", "-a", "first-fit,best-fit,buddy",
                "-p", "lru:frames=all", "-p", "ws:theta=all", "--json", runs.toString()));
        Path curves = dir.resolve("curves");
        assertRan(Cli.run("curve", TraceCommandTest.LACKEY.toString(), "-o", curves.toString()));
        Path out = dir.resolve("report");
        assertRan(Cli.run("report", runs.toString(), curves.resolve("curves.json").toString(),
                ReportCommandTest.jmhResult().toString(), "--out", out.toString()));
        return out.resolve("index.html");
    }

    private static Figure everyColour() {
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            // the first bar's point halfway up it, on its own colour; the second's above it, on the background
            // heights a little apart, so no bar is named the same as another
            series.add(Series.bars("strategy " + i, new double[] {2 + i / 20.0, 1 + i / 20.0}, new double[0]));
            series.add(new Series("strategy " + i + " (paper)", Series.Style.POINTS, new double[0],
                    new double[] {1, 1.8}, new double[0]));
        }
        return Figure.bars("every-colour", "Published points on every palette colour", "where", Axis.linear("value"),
                List.of("on its bar", "above it"), series);
    }

    private static Report paletteReport() {
        return new Report("palette", List.of(), List.of(new Section("Every palette colour", "a test", Map.of(),
                Map.of(), List.of(), List.of(), List.of(EVERY_COLOUR))));
    }

    /** {@code heaplab report} of a report file whose chart has a bar and a published point in every colour. */
    private static Path palette() throws Exception {
        Path json = Files.write(dir.resolve("palette.json"), ReportJson.toBytes(paletteReport()));
        Path out = dir.resolve(PALETTE);
        assertRan(Cli.run("report", json.toString(), "--out", out.toString()));
        return out.resolve("index.html");
    }

    /** A page with one of every fault the checks look for. */
    private static Path broken() throws Exception {
        Path out = Files.createDirectories(dir.resolve(BROKEN));
        Files.createDirectories(out.resolve("charts"));
        Files.writeString(out.resolve("charts/fine.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
        return Files.writeString(out.resolve("index.html"), """
                <!DOCTYPE html><html><head><meta charset="utf-8"><title>broken</title></head><body style="margin:0">
                <h2 id="here">here</h2><a href="#here">fine</a> <a href="#nowhere">dead</a>
                <a href="charts/fine.svg">fine</a> <a href="charts/none.svg">missing</a>
                <img alt="missing" src="missing.png">
                <img alt="one colour" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='8' \
                height='8'%3E%3Crect width='8' height='8' fill='red'/%3E%3C/svg%3E">
                <img alt="two colours" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='8' \
                height='8'%3E%3Crect width='4' height='8' fill='red'/%3E%3C/svg%3E">
                <div style="overflow-x:auto"><div style="width:1300px">wide but scrolls</div></div>
                <div class="wide" style="width:1200px">too wide</div>
                <script>console.error('logged here'); throw new Error('thrown here');</script>
                </body></html>
                """);
    }

    private static void assertRan(Cli cli) {
        assertThat(cli.exitCode()).as(cli.err()).isZero();
    }

    /** Opens {@code page} at every width in a browser of its own, killed whatever happens. */
    private static List<Visit> visit(Path binary, String report, Path page) throws Exception {
        assertThat(page).as("%s's page", report).isRegularFile();
        Path profile = Files.createDirectories(dir.resolve("chromium-" + report));
        List<Visit> visits = new ArrayList<>();
        try (Chromium browser = Chromium.start(binary, profile);
                DevTools devTools = DevTools.connect(browser.browserSocket())) {
            BrowserPage tab = BrowserPage.open(devTools);
            for (int width : WIDTHS) {
                tab.load(page.toUri(), width);
                JsonNode measured = tab.evaluate(MEASURE);
                if (report.equals(PALETTE) && width == WIDTHS[0]) {
                    paletteShot = tab.screenshotOfImage(EVERY_COLOUR.title());
                }
                visits.add(new Visit(report, width, page, tab.errors(), measured));
            }
        }
        return visits;
    }

    private static void assumeChromium() {
        Assumptions.assumeTrue(Chromium.find().isPresent(), () -> "no Chromium at " + Chromium.CANDIDATES
                + (Chromium.CHOSEN == null ? " (or $HEAPLAB_CHROMIUM)" : "")
                + ": the reports are not checked in a browser (apt-get install chromium)");
    }

    private static void assertNone(String report, String what, Function<Visit, List<String>> check) {
        assumeChromium();
        List<String> problems = VISITS.get(report).stream().flatMap(v -> v.problems(check).stream()).toList();
        assertThat(problems).as("%s: %s", report, what).isEmpty();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    /** Exceptions, console.error calls and error log entries (a file that failed to load among them). */
    private static List<String> errors(Visit visit) {
        return visit.errors();
    }

    /** Images that did not load or are painted in one colour, and a page without a single chart. */
    private static List<String> images(Visit visit) {
        List<String> problems = texts(visit.measured().get("imageProblems"));
        if (visit.measured().get("images").asInt() == 0) {
            problems.add("the page has no chart at all");
        }
        return problems;
    }

    /** In-page links to no element and links to files that are not beside the page. */
    private static List<String> links(Visit visit) {
        List<String> problems = new java.util.ArrayList<>(texts(visit.measured().get("linkProblems")));
        if (visit.measured().get("contents").asInt() == 0) {
            problems.add("the page has no table of contents (nav#contents with in-page links)");
        }
        URI base = visit.page().toUri();
        for (String href : texts(visit.measured().get("files"))) {
            // resolved as the browser would: relative to the page, escapes decoded, without query or fragment
            URI target = base.resolve(href);
            Path file = Path.of(URI.create(target.getScheme() + ":" + target.getRawPath()));
            if (!Files.exists(file)) {
                problems.add("link \"" + href + "\" leads to a missing file " + file);
            }
        }
        return problems;
    }

    /** A page wider than the window, naming what sticks out (wide tables must scroll inside their .scroll box). */
    private static List<String> overflow(Visit visit) {
        JsonNode measured = visit.measured();
        int scrollWidth = measured.get("scrollWidth").asInt();
        int innerWidth = measured.get("innerWidth").asInt();
        if (scrollWidth <= innerWidth) {
            return List.of();
        }
        List<String> wide = texts(measured.get("wide"));
        return List.of("the page is " + scrollWidth + " px wide in a " + innerWidth + " px window; sticking out: "
                + String.join("; ", wide.subList(0, Math.min(5, wide.size())))
                + (wide.size() > 5 ? "; and " + (wide.size() - 5) + " more" : ""));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"brent", "purdom", "report"})
    void noScriptErrorsNorConsoleOrLogErrors(String report) {
        assertNone(report, "exceptions, console.error and error log entries", BrowserReportTest::errors);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"brent", "purdom", "report"})
    void everyChartLoadedAndIsNotBlank(String report) {
        assertNone(report, "images that did not load or are blank", BrowserReportTest::images);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"brent", "purdom", "report"})
    void everyLinkLeadsSomewhere(String report) {
        assertNone(report, "in-page links without a target and links to missing files", BrowserReportTest::links);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"brent", "purdom", "report"})
    void nothingIsWiderThanTheWindow(String report) {
        assertNone(report, "horizontal overflow of the page", BrowserReportTest::overflow);
    }

    /**
     * Every published point, drawn on a bar of each palette colour and on the white background, shows pixels of
     * WCAG's graphical contrast (3:1) against the bar and against the background, as Chromium paints the chart. A
     * point hollow and ringed in its bar's colour (yellow on yellow, white inside) fails this.
     */
    @Test
    void publishedPointsStandOutOnEveryPaletteColourAndOnTheBackground() {
        assumeChromium();
        assertThat(paletteShot).as("the palette chart as shown").isNotNull();
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage natural = new BufferedImage(Charts.WIDTH, Charts.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = natural.createGraphics();
        Charts.chart(EVERY_COLOUR, ColourScheme.of(paletteReport())).draw(g2,
                new Rectangle2D.Double(0, 0, Charts.WIDTH, Charts.HEIGHT), info);
        g2.dispose();
        double sx = paletteShot.getWidth() / (double) Charts.WIDTH;
        double sy = paletteShot.getHeight() / (double) Charts.HEIGHT;
        Map<String, Rectangle2D> bars = new LinkedHashMap<>();
        List<CategoryItemEntity> points = new ArrayList<>();
        for (Object entity : info.getEntityCollection().getEntities()) {
            if (entity instanceof CategoryItemEntity item) {
                if (item.getDataset() instanceof DefaultStatisticalCategoryDataset) {
                    bars.put(item.getRowKey() + "|" + item.getColumnKey(), item.getArea().getBounds2D());
                } else {
                    points.add(item);
                }
            }
        }
        assertThat(points).as("published points drawn").hasSize(16);
        List<String> faint = new ArrayList<>();
        for (CategoryItemEntity point : points) {
            Rectangle2D area = point.getArea().getBounds2D();
            String base = point.getRowKey().toString().replace(" (paper)", "");
            Rectangle2D bar = bars.get(base + "|" + point.getColumnKey());
            Color background = Color.WHITE;
            // the bar's colour, from its lowest quarter, well below the point on it
            Color under = new Color(paletteShot.getRGB((int) (bar.getCenterX() * sx),
                    (int) ((bar.getMaxY() - bar.getHeight() / 8) * sy)));
            boolean onBar = point.getColumnKey().equals("on its bar");
            double againstBar = 0;
            double againstBackground = 0;
            for (int x = (int) (area.getMinX() * sx); x <= (int) Math.ceil(area.getMaxX() * sx); x++) {
                for (int y = (int) (area.getMinY() * sy); y <= (int) Math.ceil(area.getMaxY() * sy); y++) {
                    Color pixel = new Color(paletteShot.getRGB(x, y));
                    againstBar = Math.max(againstBar, contrast(pixel, under));
                    againstBackground = Math.max(againstBackground, contrast(pixel, background));
                }
            }
            if (onBar && againstBar < 3 || againstBackground < 3) {
                faint.add(point.getRowKey() + " " + point.getColumnKey() + ": contrast " + Math.round(againstBar * 10)
                        / 10.0 + " against its bar " + Integer.toHexString(under.getRGB() & 0xFFFFFF) + ", "
                        + Math.round(againstBackground * 10) / 10.0 + " against the background");
            }
        }
        assertThat(faint).as("published points hard to see").isEmpty();
    }

    /** WCAG's contrast ratio of two colours, from 1 (the same) to 21. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** The checks above passing means something only if they fail where they should: on this page, each does. */
    @Test
    void everyCheckFindsWhatIsWrongWithABrokenPage() {
        assumeChromium();
        Visit narrow = VISITS.get(BROKEN).getLast();
        assertThat(narrow.problems(BrowserReportTest::errors)).anySatisfy(e -> assertThat(e).contains("thrown here"))
                .anySatisfy(e -> assertThat(e).contains("console.error: logged here"))
                .anySatisfy(e -> assertThat(e).contains("log error").contains("missing.png"));
        assertThat(narrow.problems(BrowserReportTest::images)).containsExactlyInAnyOrder(
                BROKEN + " at 800 px: img \"missing\" did not load",
                BROKEN + " at 800 px: img \"one colour\" is blank (one colour)");
        assertThat(narrow.problems(BrowserReportTest::links)).hasSize(3)
                .anySatisfy(e -> assertThat(e).contains("no table of contents"))
                .anySatisfy(e -> assertThat(e).contains("link \"#nowhere\" points at no element"))
                .anySatisfy(e -> assertThat(e).contains("link \"charts/none.svg\" leads to a missing file"));
        assertThat(narrow.problems(BrowserReportTest::overflow)).singleElement().asString()
                .contains("1200 px wide in a 800 px window", "div.wide \"too wide\" reaches 1200 px");
        // at 1400 px the wide block fits, and the wider one scrolls inside its box
        assertThat(VISITS.get(BROKEN).getFirst().problems(BrowserReportTest::overflow)).isEmpty();
    }
}
