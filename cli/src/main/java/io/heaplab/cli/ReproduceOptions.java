package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        if (json != null && (json.toString().isBlank() || Files.isDirectory(json))) {
            throw new SpecException("--json '" + json + "' is a directory (expected: a file to write)");
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

    /** Writes {@code document} to the {@code --json} file atomically, if one was given, and says so. */
    void writeJson(byte[] document, PrintWriter out) throws IOException {
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
