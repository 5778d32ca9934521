package io.heaplab.reports;

import io.heaplab.core.files.OutputFile;
import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.chart.ColourScheme;
import io.heaplab.reports.html.HtmlPage;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.ReportCsv;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.reports.read.SweepView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the report of a set of result files in a directory: {@code index.html} (self-contained), the charts as
 * PNG and SVG under {@code charts/}, and the report's data as
 * {@code report.json} and {@code report.csv}.
 */
public final class Reports {

    /** The page every report directory opens with. */
    public static final String PAGE = "index.html";

    private Reports() {
    }

    /**
     * Reads every result file and writes their report into {@code dir}, which it replaces as a whole (see {@link
     * ReportDirectory}); returns the page's path.
     */
    public static Path write(List<Path> inputs, Path dir) throws IOException {
        return write(inputs, dir, SweepView.AUTO);
    }

    /** As {@link #write(List, Path)}, a sweep's table among the inputs drawn as {@code view} says. */
    public static Path write(List<Path> inputs, Path dir, SweepView view) throws IOException {
        return write(inputs, dir, view, ChartOptions.DEFAULT);
    }

    /**
     * As {@link #write(List, Path, SweepView)}, every chart drawn as {@code charts} says: its axes' scales (which
     * {@code report.json} then records) and its size.
     */
    public static Path write(List<Path> inputs, Path dir, SweepView view, ChartOptions charts) throws IOException {
        List<Section> sections = ResultFiles.readAll(inputs, view);
        try (ReportDirectory staged = ReportDirectory.beside(dir)) {
            write(charts.apply(report(inputs, sections)), staged.path(), charts);
            staged.publish();
        } catch (IOException e) {
            // named by the directory the user gave, not the staged one beside it, which is gone
            throw OutputFile.failure(dir, e);
        }
        return dir.resolve(PAGE);
    }

    /**
     * Writes {@code results}, a result file's bytes, into {@code dir} as {@code name}, with its report beside it:
     * a study's report directory, replaced as a whole; returns the page's path.
     */
    public static Path writeWithResults(String name, byte[] results, Path dir) throws IOException {
        try (ReportDirectory staged = ReportDirectory.beside(dir)) {
            Path file = staged.path().resolve(name);
            Files.write(file, results);
            write(report(List.of(file), ResultFiles.readAll(List.of(file))), staged.path(), ChartOptions.DEFAULT);
            staged.publish();
        } catch (IOException e) {
            throw OutputFile.failure(dir, e);
        }
        return dir.resolve(PAGE);
    }

    private static Report report(List<Path> inputs, List<Section> sections) {
        List<String> names = inputs.stream().map(p -> p.getFileName().toString()).toList();
        String title = sections.size() == 1 ? sections.getFirst().title() : "heaplab report";
        return new Report(title, names, sections);
    }

    /**
     * Writes {@code report} into {@code dir}, a new directory: {@code report.json}, {@code report.csv}, the charts
     * (of the options' size) and the page, last.
     */
    private static void write(Report report, Path dir, ChartOptions options) throws IOException {
        Path charts = Files.createDirectories(dir.resolve("charts"));
        Files.write(dir.resolve("report.json"), ReportJson.toBytes(report));
        Files.write(dir.resolve("report.csv"), ReportCsv.toBytes(report));
        List<IOException> failures = new ArrayList<>();
        // a strategy or policy keeps one colour in every chart of the report
        ColourScheme colours = ColourScheme.of(report);
        String page = HtmlPage.render(report, (section, figure) -> {
            String name = ReportCsv.chartName(section, figure);
            byte[] png = Charts.png(figure, options.width(), options.height(), colours);
            try {
                Files.write(charts.resolve(name + ".png"), png);
                Files.writeString(charts.resolve(name + ".svg"),
                        Charts.svg(figure, options.width(), options.height(), name, colours));
            } catch (IOException e) {
                failures.add(e);
            }
            return new HtmlPage.Chart(png, name);
        });
        if (!failures.isEmpty()) {
            throw failures.getFirst();
        }
        Files.writeString(dir.resolve(PAGE), page);
    }
}
