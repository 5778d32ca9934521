package io.heaplab.reports;

import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.chart.ColourScheme;
import io.heaplab.reports.html.HtmlPage;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.ReportCsv;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds the report of a set of result files in a directory: {@code index.html} (self-contained), the charts as
 * PNG and SVG under {@code charts/} (charts of an earlier report there are removed), and the report's data as
 * {@code report.json} and {@code report.csv}.
 */
public final class Reports {

    /** The page every report directory opens with. */
    public static final String PAGE = "index.html";

    private Reports() {
    }

    /** Reads every result file and writes their report into {@code dir}; returns the page's path. */
    public static Path write(List<Path> inputs, Path dir) throws IOException {
        List<Section> sections = ResultFiles.readAll(inputs);
        List<String> names = inputs.stream().map(p -> p.getFileName().toString()).toList();
        String title = sections.size() == 1 ? sections.getFirst().title() : "heaplab report";
        return write(new Report(title, names, sections), dir);
    }

    /**
     * Writes {@code report} into {@code dir}, each file atomically; the page comes last, so a page that exists
     * always has its charts and data beside it.
     */
    public static Path write(Report report, Path dir) throws IOException {
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        AtomicFiles.write(dir.resolve("report.json"), ReportJson.toBytes(report));
        AtomicFiles.write(dir.resolve("report.csv"), ReportCsv.toBytes(report));
        List<IOException> failures = new ArrayList<>();
        Set<Path> written = new HashSet<>();
        // a strategy or policy keeps one colour in every chart of the report
        ColourScheme colours = ColourScheme.of(report);
        String page = HtmlPage.render(report, (section, figure) -> {
            String name = ReportCsv.chartName(section, figure);
            byte[] png = Charts.png(figure, Charts.WIDTH, Charts.HEIGHT, colours);
            try {
                AtomicFiles.write(charts.resolve(name + ".png"), png);
                AtomicFiles.write(charts.resolve(name + ".svg"),
                        Charts.svg(figure, Charts.WIDTH, Charts.HEIGHT, name, colours).getBytes(StandardCharsets.UTF_8));
                written.addAll(List.of(charts.resolve(name + ".png"), charts.resolve(name + ".svg")));
            } catch (IOException e) {
                failures.add(e);
            }
            return new HtmlPage.Chart(png, name);
        });
        if (!failures.isEmpty()) {
            throw failures.getFirst();
        }
        removeStaleCharts(charts, written);
        Path index = dir.resolve(PAGE);
        AtomicFiles.write(index, page.getBytes(StandardCharsets.UTF_8));
        return index;
    }

    /** A report written over an older one leaves none of the older charts behind to be mistaken for its own. */
    private static void removeStaleCharts(Path charts, Set<Path> written) throws IOException {
        try (Stream<Path> files = Files.list(charts)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if ((name.endsWith(".png") || name.endsWith(".svg")) && !written.contains(file)) {
                    Files.delete(file);
                }
            }
        }
    }
}
