package io.heaplab.cli;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The options every {@code heaplab reproduce} command shares: seeds, threads and the JSON file. */
final class ReproduceOptions {

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "The first seed; the others follow it (default: ${DEFAULT-VALUE}).")
    private long firstSeed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Runs at a time (default: the number of processors).")
    private Integer threads;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    /** {@code count} seeds from {@code --seed} on, after checking every shared option. */
    List<Long> seeds(int count) {
        if (count < 1) {
            throw new SpecException("--seeds " + count + " (expected: at least 1)");
        }
        threads();
        Outputs.checkFile("--json", json);
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
     * how many will run.
     */
    void announce(Runner runner, List<RunSpec> specs, PrintWriter out) {
        specs.forEach(runner::check);
        out.printf(Locale.ROOT, "running %d runs, %d at a time%n", specs.size(), Math.min(threads(), specs.size()));
        out.flush();
    }

    /** Says how long the runs took and writes {@code document} to the {@code --json} file, if one was given. */
    void finish(int runs, long wallNanos, byte[] document, PrintWriter out) throws IOException {
        out.printf(Locale.ROOT, "%n%d runs in %.1f s%n", runs, wallNanos / 1e9);
        writeJson(document, out);
        out.flush();
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
