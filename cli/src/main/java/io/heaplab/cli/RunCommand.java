package io.heaplab.cli;

import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.AtomicFiles;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab run}: one workload under each allocator, its references fed to every policy. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a workload under one or more allocators and count page faults under each policy.")
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
                    + "wsclock:frames=50,theta=10000; repeatable (default: " + DEFAULT_POLICY + ").")
    private List<String> policies = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also write the results to FILE as a tidy CSV table: a row per run, policy and memory size.")
    private Path csv;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--json", json);
        Outputs.checkFile("--csv", csv);
        // with no policy a run would count no faults at all: the whole LRU curve shows every memory size instead
        List<String> given = policies.isEmpty() ? List.of(DEFAULT_POLICY) : policies;
        List<RunSpec> runs = experiment.specs(given.stream().map(Spec::parse).toList());
        Runner runner = new Runner(parent.plugins());
        // every spec is checked before the first run, so a typo in the last one wastes no time
        runs.forEach(runner::check);

        List<RunOutcome> outcomes = new ArrayList<>();
        long nanos = 0;
        try (Progress progress = Progress.start("runs", runs.size())) {
            for (RunSpec run : runs) {
                RunOutcome outcome = runner.attempt(run);
                outcomes.add(outcome);
                if (!outcome.failed()) {
                    nanos += outcome.result().wallNanos();
                }
                if (json != null) {
                    // rewritten after every run, so whatever happens to a later one, what is measured is kept
                    writeJson(outcomes);
                }
                progress.step();
            }
        }
        List<RunResult> results = outcomes.stream().filter(o -> !o.failed()).map(RunOutcome::result).toList();
        if (csv != null) {
            AtomicFiles.write(csv, TidyCsv.toCsv(results));
        }
        List<RunOutcome> failed = outcomes.stream().filter(RunOutcome::failed).toList();
        PrintWriter out = spec.commandLine().getOut();
        if (policies.isEmpty()) {
            out.println("no policy given: faults at every memory size from the whole LRU curve (" + DEFAULT_POLICY
                    + "); -p names others");
        }
        RunTable.print(results, out);
        out.printf(Locale.ROOT, "%d run(s) in %.2f s%s%n", results.size(), nanos / 1e9,
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

    private void writeJson(List<RunOutcome> outcomes) throws IOException {
        try {
            JsonResults.writeOutcomes(json, outcomes);
        } catch (IOException e) {
            throw new IOException("cannot write " + json + ": " + e, e);
        }
    }
}
