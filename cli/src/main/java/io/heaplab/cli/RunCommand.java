package io.heaplab.cli;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.RunTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
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

    @Option(names = {"-w", "--workload"}, required = true, paramLabel = "SPEC",
            description = "The workload and its options, e.g. random-blocks:size=16,live=1000.")
    private String workload;

    @Option(names = {"-a", "--allocator"}, required = true, paramLabel = "SPEC[,SPEC...]",
            description = "Allocators to compare, e.g. stack,nofree; repeatable.")
    private List<String> allocators;

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "A replacement policy, e.g. lru:frames=50, lru:frames=all (the whole curve), "
                    + "wsclock:frames=50,theta=10000; repeatable.")
    private List<String> policies = new ArrayList<>();

    @Option(names = "--page-size", paramLabel = "BYTES", defaultValue = "4096",
            description = "Bytes per page, a power of 2 from 64 to 1048576 (default: ${DEFAULT-VALUE}).")
    private int pageSize;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the workload's random source (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--heap-size", paramLabel = "BYTES",
            description = "Bound the heap to this many bytes; requests that find no room are rejected and counted "
                    + "(default: the heap grows as needed).")
    private Long heapSize;

    @Option(names = "--count-allocator",
            description = "Page the allocator's own bookkeeping references too (default: only the workload's).")
    private boolean countAllocator;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Override
    public Integer call() throws Exception {
        if (pageSize < Heap.MIN_PAGE_SIZE || pageSize > Heap.MAX_PAGE_SIZE || Integer.bitCount(pageSize) != 1) {
            throw new SpecException("--page-size " + pageSize + " (expected: a power of 2 from "
                    + Heap.MIN_PAGE_SIZE + " to " + Heap.MAX_PAGE_SIZE + ")");
        }
        if (heapSize != null && heapSize <= 0) {
            throw new SpecException("--heap-size: " + heapSize + " (expected: a positive number of bytes)");
        }
        if (json != null && (json.toString().isBlank() || Files.isDirectory(json))) {
            throw new SpecException("--json '" + json + "' is a directory (expected: a file to write)");
        }
        Spec workloadSpec = Spec.parse(workload);
        List<Spec> allocatorSpecs = new ArrayList<>();
        allocators.forEach(a -> allocatorSpecs.addAll(Spec.parseList(a)));
        List<Spec> policySpecs = policies.stream().map(Spec::parse).toList();
        Set<String> seen = new HashSet<>();
        List<RunSpec> runs = new ArrayList<>();
        for (Spec allocator : allocatorSpecs) {
            if (!seen.add(allocator.toString())) {
                throw new SpecException("allocator '" + allocator + "' given twice (expected: each once)");
            }
            runs.add(new RunSpec(workloadSpec, allocator, policySpecs, pageSize,
                    heapSize == null ? Heap.GROWABLE : heapSize, seed, countAllocator));
        }
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
