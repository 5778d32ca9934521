package io.heaplab.cli;

import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.files.OutputFile;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.RunTable;
import io.heaplab.reports.TidyCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab run}: one workload under each allocator, its references fed to every policy. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a workload under one or more allocators and count page faults under each policy.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab run -w random-blocks:live=2000,steps=20000 -a stack,nofree,mru --page-size 512",
            "  heaplab run -w pqsim -a mru -p lru:frames=25,50,100 -p arc:frames=10%%..100%%/10 --seeds 3 --json pq.json",
            "  heaplab run -w purdom:lambda=32,c=4,memory=256 -a first-fit,buddy --csv purdom.csv"})
final class RunCommand implements Callable<Integer> {

    @ParentCommand
    private HeaplabCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions experiment;

    /** The policy of a run that names none: the whole LRU curve, every memory size in one pass. */
    static final String DEFAULT_POLICY = "lru:frames=all";

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "A replacement policy, e.g. lru:frames=50, lru:frames=all (the whole curve), "
                    + "wsclock:frames=50,theta=10000, fifo:frames=25,50,100 (a run per size: also 16..1024*2, "
                    + "100..1000/100, or 10%%..100%%/10 of the pages touched: docs/sizes.md); repeatable (default: "
                    + DEFAULT_POLICY
                    + ").")
    private List<String> policies = new ArrayList<>();

    @Mixin
    private AllSizesOption sizes;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also write the results to FILE as a tidy CSV table: a row per run, policy and memory size.")
    private Path csv;

    @Option(names = "--seeds", paramLabel = "K", defaultValue = "1",
            description = "Run each allocator with K seeds, --seed and the K-1 after it; the table and the JSON give"
                    + " each measure's mean and standard deviation (default: ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--threads", paramLabel = "T",
            description = "Runs at a time; the results are the same whatever T (default: the number of processors).")
    private Integer threads;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--json", json);
        Outputs.checkFile("--csv", csv);
        if (seeds < 1) {
            throw new SpecException("--seeds " + seeds + " (expected: 1 or more)");
        }
        if (threads != null && threads < 1) {
            throw new SpecException("--threads " + threads + " (expected: 1 or more)");
        }
        // with no policy a run would count no faults at all: the whole LRU curve shows every memory size instead
        List<Spec> given = (policies.isEmpty() ? List.of(DEFAULT_POLICY) : policies).stream().map(Spec::parse)
                .toList();
        boolean footprint = PolicySizes.needsFootprint(given);
        // every spec is checked before the first run, so a typo in the last one wastes no time; a fraction of the
        // footprint is checked at an arbitrary footprint, as the real one is known only once the run has been made
        List<RunSpec> runs = new ArrayList<>();
        for (RunSpec run : experiment.specs(PolicySizes.expand(given, footprint ? 100 : -1))) {
            for (int s = 0; s < seeds; s++) {
                runs.add(run.toBuilder().seed(run.seed() + s).build());
            }
        }
        Runner runner = new Runner(parent.plugins());
        runs.forEach(runner::check);
        if (footprint) {
            runs = sized(runner, runs, given);
        }
        List<RunOutcome> outcomes;
        try (Progress progress = Progress.startWithHeartbeat("runs", runs.size(), spec.commandLine().getErr())) {
            outcomes = runner.sweep(runs, threads == null ? Runtime.getRuntime().availableProcessors() : threads,
                    progress::step);
        }
        if (json != null) {
            writeJson(outcomes);
        }
        List<RunResult> results = outcomes.stream().filter(o -> !o.failed()).map(RunOutcome::result).toList();
        long nanos = results.stream().mapToLong(RunResult::wallNanos).sum();
        if (csv != null) {
            AtomicFiles.write(csv, TidyCsv.toCsv(sizes.forFiles(outcomes).stream().filter(o -> !o.failed())
                    .map(RunOutcome::result).toList()));
        }
        List<RunOutcome> failed = outcomes.stream().filter(RunOutcome::failed).toList();
        PrintWriter out = spec.commandLine().getOut();
        if (policies.isEmpty()) {
            out.println("no policy given: faults at every memory size from the whole LRU curve (" + DEFAULT_POLICY
                    + "); -p names others");
        }
        RunTable.print(results, out);
        // the failed runs are rows of the table too, named with their reason, as a reproduction's are
        for (RunOutcome failure : failed) {
            out.println("FAILED " + failure.spec().allocator() + " on " + failure.spec().workload() + ", seed "
                    + failure.spec().seed() + ": " + failure.failure());
        }
        out.printf(Locale.ROOT, "%d run(s) in %.2f s of run time%s%n", results.size(), nanos / 1e9,
                failed.isEmpty() ? "" : ", " + failed.size() + " failed");
        if (json != null) {
            out.println("wrote " + json);
        }
        if (csv != null) {
            out.println("wrote " + csv);
        }
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (RunOutcome failure : failed) {
            err.println("heaplab: run of " + failure.spec().allocator() + " failed: " + failure.failure());
        }
        err.flush();
        return failed.isEmpty() ? Main.OK : Main.FAILURE;
    }

    /**
     * Each run with its policies' fractions of the footprint made numbers of frames: a first pass of an
     * allocator's run under the first seed (deterministic, so the same stream its measured pass makes) counts the
     * pages it touches, and every seed of that allocator gets the sizes it gives, so the seeds' faults line up
     * size by size for their mean and deviation.
     */
    private List<RunSpec> sized(Runner runner, List<RunSpec> runs, List<Spec> given) {
        List<RunSpec> sized = new ArrayList<>();
        List<Spec> sizes = List.of();
        for (int i = 0; i < runs.size(); i++) {
            RunSpec run = runs.get(i);
            if (i % seeds == 0) {
                sizes = PolicySizes.expand(given, PolicySizes.footprint(runner, run));
            }
            sized.add(run.withPolicies(sizes));
        }
        return sized;
    }

    private void writeJson(List<RunOutcome> outcomes) throws IOException {
        try {
            JsonResults.writeOutcomes(json, sizes.forFiles(outcomes));
        } catch (IOException e) {
            throw OutputFile.failure(json, e); // one line naming the file and the reason, never a class name
        }
    }
}
