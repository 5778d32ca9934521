package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.ChartOptions;
import io.heaplab.reports.Reports;
import io.heaplab.reports.chart.Charts;
import io.heaplab.reports.read.SweepSections;
import io.heaplab.reports.read.SweepView;
import io.heaplab.reports.read.SweepViewException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab report}: one self-contained HTML page, with charts, tables and parameters, from result files. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build a self-contained HTML report (charts embedded, tables, parameters, seeds, machine and"
                + " JDK) from result files: the JSON of reproduce, run --json, trace replay --json, curve, a"
                + " report's report.json, JMH's JSON result, or a sweep's table.jsonl (a measure against one axis, a"
                + " line per value of a second, a chart per value of the rest). Charts are also written as PNG and SVG, and the"
                + " charts' data as report.json and report.csv."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab report run.json curves/curves.json --out report",
            "  heaplab report seed1.json seed2.json seed3.json --out merged",
            "  heaplab report heaplab-results/mru/table.jsonl --x frames --lines allocator --y faults --out mru-report",
            "  heaplab report run.json --x-scale log --y-scale log --size 1200x750 --out big-report"})
final class ReportCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", arity = "1..*", description = "Result files, shown in this order.")
    private List<Path> inputs;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", required = true,
            description = "The directory to write index.html, charts/, report.json and report.csv into.")
    private Path out;

    @Option(names = "--x", paramLabel = "COLUMN",
            description = "For a sweep's table: the column along the x axis (default: the first size that varies,"
                    + " frames, theta, maximumSize or heapSize, else the numeric column that varies over the most"
                    + " values).")
    private String x;

    @Option(names = "--lines", paramLabel = "COLUMN",
            description = "For a sweep's table: the column whose values are the lines (default: the first named"
                    + " column that varies, such as allocator, else the next numeric one); every other column that"
                    + " varies gets a chart per value.")
    private String lines;

    @Option(names = "--y", paramLabel = "MEASURE", split = ",",
            description = "For a sweep's table: the measures to draw, each on charts of its own (default: all).")
    private List<String> measures = new java.util.ArrayList<>();

    @Option(names = "--x-scale", paramLabel = "SCALE",
            description = "The scale of every line chart's x axis: auto (log when the positive values span a decade"
                    + " or more, linear otherwise), log or linear (default: auto).")
    private String xScale = "auto";

    @Option(names = "--y-scale", paramLabel = "SCALE",
            description = "The scale of every chart's value axis: auto, log (values of zero or less are left out)"
                    + " or linear (default: auto).")
    private String yScale = "auto";

    @Option(names = "--size", paramLabel = "WIDTHxHEIGHT",
            description = "The size of every chart in pixels, each from " + ChartOptions.MIN_SIZE + " to "
                    + ChartOptions.MAX_SIZE + " (default: " + Charts.WIDTH + "x" + Charts.HEIGHT + ").")
    private String size;

    @Override
    public Integer call() throws IOException {
        ChartOptions charts = chartOptions();
        Outputs.checkDirectory("--out", out);
        for (Path input : inputs) {
            if (input.toAbsolutePath().normalize().startsWith(out.toAbsolutePath().normalize().resolve("charts"))) {
                throw new SpecException(input + " lies in the report's charts directory (expected: a result file"
                        + " outside " + out.resolve("charts") + ")");
            }
        }
        if ((x != null || lines != null || !measures.isEmpty())
                && inputs.stream().noneMatch(SweepSections::isSweepTable)) {
            // the view's options choose a sweep table's axes: with no table to draw they would do nothing
            String given = x != null ? "--x" : lines != null ? "--lines" : "--y";
            throw new SpecException(given + " chooses a sweep table's axes, but no sweep table (table.jsonl) is among"
                    + " the inputs (expected: " + given + " with a sweep's table.jsonl)");
        }
        checkChartsDirectory();
        Path[] results = inputs.toArray(Path[]::new);
        for (String written : List.of(Reports.PAGE, "report.json", "report.csv")) {
            Outputs.checkFile("--out", out.resolve(written), results);
        }
        Path page;
        try {
            page = Reports.write(inputs, out, new SweepView(x, lines, measures), charts);
        } catch (SweepViewException e) {
            // the library names the view's field; here it is the option of the same name
            throw new SpecException("--" + e.field() + " " + e.problem());
        }
        PrintWriter printer = spec.commandLine().getOut();
        printer.println("wrote " + page);
        printer.flush();
        return Main.OK;
    }

    /**
     * The report replaces {@code OUT/charts} whole: a file there, or a directory holding anything but the charts a
     * report draws, is the user's and is refused rather than replaced.
     */
    private void checkChartsDirectory() throws IOException {
        Path charts = out.resolve("charts");
        if (!Files.exists(charts, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(charts, LinkOption.NOFOLLOW_LINKS)) {
            throw new SpecException("--out " + out + ": " + charts + " is a file, which the report's charts directory"
                    + " would replace (expected: an output directory without a file named charts)");
        }
        try (var entries = Files.list(charts)) {
            Path other = entries.filter(e -> !e.getFileName().toString().matches(".+\\.(png|svg)")
                    || !Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)).findFirst().orElse(null);
            if (other != null) {
                throw new SpecException("--out " + out + ": " + charts + " holds " + other.getFileName() + ", which no"
                        + " report drew, and the report replaces that directory (expected: a charts directory of"
                        + " charts only, or another --out)");
            }
        }
    }

    /** The charts' scales and size the options give, or a usage error naming the option that is wrong. */
    private ChartOptions chartOptions() {
        ChartOptions.Scale across = scale("--x-scale", xScale);
        ChartOptions.Scale up = scale("--y-scale", yScale);
        ChartOptions charts = new ChartOptions(across, up, Charts.WIDTH, Charts.HEIGHT);
        if (size == null) {
            return charts;
        }
        try {
            return charts.sized(size);
        } catch (IllegalArgumentException e) {
            throw new SpecException("--size " + e.getMessage());
        }
    }

    private static ChartOptions.Scale scale(String option, String text) {
        try {
            return ChartOptions.Scale.parse(text);
        } catch (IllegalArgumentException e) {
            throw new SpecException(option + " " + e.getMessage());
        }
    }
}
