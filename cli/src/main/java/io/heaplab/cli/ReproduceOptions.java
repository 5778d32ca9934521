package io.heaplab.cli;

import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.files.OutputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.Reports;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every {@code heaplab reproduce} command shares: seeds, threads, the JSON file, the CSV table of a study
 * that makes one, and the report.
 */
final class ReproduceOptions {

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "The first seed; the others follow it (default: ${DEFAULT-VALUE}).")
    private long firstSeed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Runs at a time (default: the number of processors).")
    private Integer threads;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write every run's measures to FILE as CSV.")
    private Path csv;

    @Option(names = "--report", paramLabel = "DIR",
            description = "Write the HTML report (index.html), its charts and the results as JSON into DIR"
                    + " (default: heaplab-results/PAPER).")
    private Path report;

    @Option(names = "--no-report", description = "Write no report.")
    private boolean noReport;

    @Mixin
    private MaxMemoryOption maxMemory = new MaxMemoryOption();

    /**
     * The seeds and threads of a study run with {@code seeds} seeds, after checking the output options for
     * {@code paper}'s study, so nothing runs when a result could not be written.
     */
    Settings settings(String paper, int seeds, boolean writesCsv) {
        Settings settings = new Settings(new Seeds(firstSeed, seeds),
                threads == null ? Runtime.getRuntime().availableProcessors() : threads);
        maxMemory.apply();
        Outputs.checkFile("--json", json);
        Outputs.checkFile("--csv", csv);
        if (csv != null && !writesCsv) {
            throw new SpecException("--csv: reproduce " + paper + " makes no CSV table (expected: --json or --report"
                    + " for its results)");
        }
        if (noReport && report != null) {
            throw new SpecException("--report and --no-report together (expected: one or the other)");
        }
        if (!noReport) {
            Outputs.checkDirectory("--report", reportDir(paper));
        }
        return settings;
    }

    /**
     * Says how long the runs took, writes {@code document} to the {@code --json} file if one was given, and writes
     * the report of {@code paper}'s study unless told not to.
     */
    void finish(String paper, int runs, long wallNanos, byte[] document, Optional<byte[]> table, PrintWriter out)
            throws IOException {
        out.printf(Locale.ROOT, "%n%d runs in %.1f s%n", runs, wallNanos / 1e9);
        write(json, document, out);
        if (table.isPresent()) {
            write(csv, table.get(), out);
        }
        if (!noReport) {
            out.println("wrote report " + Reports.writeWithResults(paper + ".json", document, reportDir(paper)));
        }
        out.flush();
    }

    private Path reportDir(String paper) {
        return report != null ? report : Path.of("heaplab-results", paper);
    }

    /** Writes {@code content} to {@code file} atomically, if one was given, and says so. */
    private static void write(Path file, byte[] content, PrintWriter out) throws IOException {
        if (file == null) {
            return;
        }
        try {
            AtomicFiles.write(file, content);
        } catch (IOException e) {
            throw OutputFile.failure(file, e); // one line naming the file and the reason, never a class name
        }
        out.println("wrote " + file);
    }
}
