package io.heaplab.cli;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.RunTable;
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

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "A replacement policy, e.g. lru:frames=50, lru:frames=all (the whole curve), "
                    + "wsclock:frames=50,theta=10000; repeatable.")
    private List<String> policies = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--json", json);
        List<RunSpec> runs = experiment.specs(policies.stream().map(Spec::parse).toList());
        Runner runner = new Runner(parent.plugins());
        // every spec is checked before the first run, so a typo in the last one wastes no time
        runs.forEach(runner::check);

        List<RunResult> results = new ArrayList<>();
        long nanos = 0;
        for (RunSpec run : runs) {
            RunResult result = runner.run(run);
            results.add(result);
            nanos += result.wallNanos();
        }
        PrintWriter out = spec.commandLine().getOut();
        RunTable.print(results, out);
        out.printf(Locale.ROOT, "%d run(s) in %.2f s%n", results.size(), nanos / 1e9);
        if (json != null) {
            try {
                JsonResults.write(json, results);
            } catch (IOException e) {
                throw new IOException("cannot write " + json + ": " + e, e);
            }
            out.println("wrote " + json);
        }
        out.flush();
        return Main.OK;
    }
}
