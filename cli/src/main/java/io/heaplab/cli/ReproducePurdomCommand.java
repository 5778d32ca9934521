package io.heaplab.cli;

import io.heaplab.cli.reproduce.PurdomClaims;
import io.heaplab.cli.reproduce.PurdomPaper;
import io.heaplab.cli.reproduce.PurdomReport;
import io.heaplab.cli.reproduce.PurdomStudy;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab reproduce purdom}: Purdom, Stigler &amp; Cheam's Tables 1-3, three methods on bounded memories. */
@Command(name = "purdom", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduce Tables 1-3 of Purdom, Stigler & Cheam (1970): segregated storage, first fit and"
                + " the buddy system on memories of 128, 256 and 512 cells, published and measured space utilization"
                + " and searches per request side by side."})
final class ReproducePurdomCommand implements Callable<Integer> {

    @ParentCommand
    private ReproduceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Option(names = "--seeds", paramLabel = "K", defaultValue = "10",
            description = "Repeat every cell with K seeds and report mean ± sd (default: ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "The first seed; the others follow it (default: ${DEFAULT-VALUE}).")
    private long firstSeed;

    @Option(names = "--tables", paramLabel = "N[,N...]", split = ",", defaultValue = "1,2,3",
            description = "Which tables to run (default: ${DEFAULT-VALUE}).")
    private List<Integer> tables;

    @Option(names = "--requests", paramLabel = "N", defaultValue = "1600",
            description = "Filled requests per run (default: ${DEFAULT-VALUE}, the paper's).")
    private int requests;

    @Option(names = "--first-fit", paramLabel = "SPEC", defaultValue = "first-fit",
            description = "The strategy that plays the paper's first fit, e.g. first-fit:order=lifo or next-fit"
                    + " (default: ${DEFAULT-VALUE}, a free list in address order).")
    private String firstFit;

    @Option(names = "--threads", paramLabel = "T",
            description = "Runs at a time (default: the number of processors).")
    private Integer threads;

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the tables, every run's counts and the claims to FILE as JSON.")
    private Path json;

    @Override
    public Integer call() throws IOException {
        if (seeds < 1) {
            throw new SpecException("--seeds " + seeds + " (expected: at least 1)");
        }
        int threadCount = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (threadCount < 1) {
            throw new SpecException("--threads " + threadCount + " (expected: at least 1)");
        }
        if (json != null && (json.toString().isBlank() || Files.isDirectory(json))) {
            throw new SpecException("--json '" + json + "' is a directory (expected: a file to write)");
        }
        List<Long> seedList = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            seedList.add(firstSeed + i);
        }
        PurdomStudy study = new PurdomStudy(new PurdomStudy.Config(seedList, new TreeSet<>(tables), requests,
                threadCount, Spec.parse(firstFit).toString()), PurdomPaper.load());
        Runner runner = new Runner(parent.parent().plugins());
        int runs = study.specs().size();
        // checked before the first run starts: a missing strategy or bad option costs no time
        study.specs().forEach(runner::check);

        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "running %d runs, %d at a time%n", runs, Math.min(threadCount, runs));
        out.flush();
        PurdomStudy.Results results = study.run(runner);
        List<PurdomClaims.Claim> claims = PurdomClaims.check(results);
        PurdomReport.print(results, claims, out);
        out.printf(Locale.ROOT, "%n%d runs in %.1f s%n", runs, results.wallNanos() / 1e9);
        if (json != null) {
            try {
                AtomicFiles.write(json, PurdomReport.toJson(results, claims));
            } catch (IOException e) {
                throw new IOException("cannot write " + json + ": " + e, e);
            }
            out.println("wrote " + json);
        }
        out.flush();
        return Main.OK;
    }
}
