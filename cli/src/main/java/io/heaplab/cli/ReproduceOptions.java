package io.heaplab.cli;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.AtomicFiles;
import io.heaplab.reports.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The options every {@code heaplab reproduce} command shares: seeds, threads, the JSON file and the report. */
final class ReproduceOptions {

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "The first seed; the others follow it (default: ${DEFAULT-VALUE}).")
    private long firstSeed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Runs at a time (default: the number of processors).")
    private Integer threads;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--report", paramLabel = "DIR",
            description = "Write the HTML report (index.html), its charts and the results as JSON into DIR"
                    + " (default: heaplab-results/PAPER).")
    private Path report;

    @Option(names = "--no-report", description = "Write no report.")
    private boolean noReport;

    /** {@code count} seeds from {@code --seed} on, after checking every shared option for {@code paper}'s study. */
    List<Long> seeds(String paper, int count) {
        if (count < 1) {
            throw new SpecException("--seeds " + count + " (expected: at least 1)");
        }
        threads();
        Outputs.checkFile("--json", json);
        if (noReport && report != null) {
            throw new SpecException("--report and --no-report together (expected: one or the other)");
        }
        if (!noReport) {
            Outputs.checkDirectory("--report", reportDir(paper));
        }
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seeds.add(firstSeed + i);
        }
        return seeds;
    }

    int threads() {
        int count = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (count < 1) {
            throw new SpecException("--threads " + count + " (expected: at least 1)");
        }
        return count;
    }

    /**
     * Checks every run before the first starts (and before anything is printed), so a typo costs no time, then says
     * how many will run and starts a progress bar (on a terminal only) for the caller to step and close.
     */
    Progress announce(Runner runner, List<RunSpec> specs, PrintWriter out) {
        specs.forEach(runner::check);
        out.printf(Locale.ROOT, "running %d runs, %d at a time%n", specs.size(), Math.min(threads(), specs.size()));
        out.flush();
        return Progress.start("runs", specs.size());
    }

    /**
     * Says how long the runs took, writes {@code document} to the {@code --json} file if one was given, and writes
     * the report of {@code paper}'s study unless told not to.
     */
    void finish(String paper, int runs, long wallNanos, byte[] document, PrintWriter out) throws IOException {
        out.printf(Locale.ROOT, "%n%d runs in %.1f s%n", runs, wallNanos / 1e9);
        writeJson(document, out);
        if (!noReport) {
            Path dir = reportDir(paper);
            Path results = dir.resolve(paper + ".json");
            Files.createDirectories(dir);
            AtomicFiles.write(results, document);
            out.println("wrote report " + Reports.write(List.of(results), dir));
        }
        out.flush();
    }

    private Path reportDir(String paper) {
        return report != null ? report : Path.of("heaplab-results", paper);
    }

    /** Writes {@code document} to the {@code --json} file atomically, if one was given, and says so. */
    private void writeJson(byte[] document, PrintWriter out) throws IOException {
        if (json == null) {
            return;
        }
        try {
            AtomicFiles.write(json, document);
        } catch (IOException e) {
            throw new IOException("cannot write " + json + ": " + e, e);
        }
        out.println("wrote " + json);
    }
}
