package io.heaplab.cli;

import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.files.InputFile;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.CallTime;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.RunTable;
import io.heaplab.reports.TidyCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code heaplab malloc replay TRACE}: a malloc trace through each strategy, its allocator's references paged: the
 * time per event, the footprint against the live bytes, Johnstone &amp; Wilson's four fragmentation measures and the
 * whole LRU fault curve.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Replay a malloc trace through strategies and measure each: time per event, footprint,"
                + " fragmentation, searches and the allocator's fault curve.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab malloc replay examples/malloc-traces/tcc-compile.hmt",
            "  heaplab malloc replay ls.hmt -a tlsf,buddy --csv ls.csv"})
final class MallocReplayCommand implements Callable<Integer> {

    /**
     * Eight strategies that serve blocks of any size in O(1) or O(log n) a call: the classic ones and those modelled
     * on today's allocators. The list fits (first, next, best and worst fit) search every free block and take
     * minutes on a real program's million calls: they are named with {@code -a}.
     */
    static final String DEFAULT_STRATEGIES = "segregated,tlsf,buddy,brent-ff,slab,dlmalloc,jemalloc,mimalloc";

    @ParentCommand
    private MallocCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE",
            description = "The trace: heaplab's .hmt, Android memory_replay text, glibc mtrace or CS:APP .rep.")
    private Path trace;

    @Option(names = {"-a", "--allocator"}, paramLabel = "SPEC[,SPEC...]",
            description = "Strategies to replay through; repeatable (default: " + DEFAULT_STRATEGIES + ").")
    private List<String> allocators = new ArrayList<>();

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "A replacement policy fed the references; repeatable (default: lru:frames=all).")
    private List<String> policies = new ArrayList<>();

    @Option(names = "--count-allocator", paramLabel = "WHEN", defaultValue = "all",
            description = "Which of the allocator's own references to page: all, allocate, dispose or none"
                    + " (default: ${DEFAULT-VALUE}).")
    private String countAllocator;

    @Option(names = "--page-size", paramLabel = "BYTES", converter = ByteSize.ToInt.class, defaultValue = "4096",
            description = "Bytes per page, a power of 2 from 64 to 1048576, units allowed: 512, 4KiB, 1MiB"
                    + " (default: ${DEFAULT-VALUE}).")
    private int pageSize;

    @Option(names = "--heap-size", paramLabel = "BYTES", converter = ByteSize.ToLong.class,
            description = "Bound the heap to this many bytes (units allowed: 64MiB); requests that find no room fail"
                    + " and are counted (default: the heap grows as needed).")
    private Long heapSize;

    @Mixin
    private MaxMemoryOption maxMemory = new MaxMemoryOption();

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Strategies replayed at a time (default: every core).")
    private int threads;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Timed unrecorded replays per strategy, after one to warm the JVM; ns/call is their median"
                    + " (default: ${DEFAULT-VALUE}; 0 times nothing).")
    private int repeat;

    @Mixin
    private AllSizesOption sizes;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also write the results to FILE as a tidy CSV table: a row per strategy, policy and size.")
    private Path csv;

    @Override
    public Integer call() throws IOException {
        InputFile.check("malloc trace", trace, "a malloc trace to replay");
        maxMemory.apply();
        Outputs.checkFile("--json", json, trace);
        Outputs.checkFile("--csv", csv, trace);
        RunOptions.checkPageSize(pageSize);
        if (repeat < 0 || repeat > 100) {
            throw new SpecException("--repeat " + repeat + " (expected: 0 to 100 timed replays per strategy)");
        }
        if (threads < 0) {
            throw new SpecException("--threads " + threads + " (expected: 0 for every core, or a positive count)");
        }
        Accounting.AllocatorReferences paged = Accounting.AllocatorReferences.of(countAllocator);
        if (paged == null) {
            throw new SpecException("--count-allocator " + countAllocator
                    + " (expected: all, allocate, dispose or none)");
        }
        List<Spec> policySpecs = (policies.isEmpty() ? List.of("lru:frames=all") : policies).stream()
                .map(Spec::parse).toList();
        RunSpec.Builder run = RunSpec.workload(new Spec("malloc-trace",
                        new LinkedHashMap<>(Map.of("file", trace.toString()))))
                .policies(policySpecs).pageSize(pageSize).accounting(new Accounting(paged, true));
        if (heapSize != null) {
            if (heapSize <= 0) {
                throw new SpecException("--heap-size: " + heapSize + " (expected: a positive number of bytes)");
            }
            run.heapCapacity(heapSize);
        }
        List<RunSpec> runs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String list : allocators.isEmpty() ? List.of(DEFAULT_STRATEGIES) : allocators) {
            for (Spec allocator : Spec.parseList(list)) {
                if (!seen.add(allocator.toString())) {
                    throw new SpecException("allocator '" + allocator + "' given twice (expected: each once)");
                }
                runs.add(run.allocator(allocator).build());
            }
        }
        Runner runner = new Runner(parent.parent().plugins());
        runs.forEach(runner::check);
        warnOfListSearches(seen, spec.commandLine().getErr());
        int parallel = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
        long start = System.nanoTime();
        List<RunOutcome> outcomes;
        Map<String, CallTime> timed;
        // each strategy recorded once for its measures, then unrecorded, warmed and repeated, for its time
        int timings = repeat == 0 ? 0 : 1 + repeat;
        try (Progress progress = Progress.startWithHeartbeat("replays", runs.size() * (1 + timings),
                spec.commandLine().getErr())) {
            outcomes = runner.sweep(runs, parallel, progress::step);
            timed = repeat == 0 ? Map.of() : time(runner, outcomes, parallel, repeat, progress::step);
        }
        long nanos = System.nanoTime() - start;
        if (json != null) {
            var document = JsonResults.outcomesToTree(sizes.forFiles(outcomes));
            CallTime.annotate(document, timed);
            AtomicFiles.write(json, JsonResults.render(document));
        }
        List<RunResult> results = outcomes.stream().filter(o -> !o.failed()).map(RunOutcome::result).toList();
        if (csv != null) {
            AtomicFiles.write(csv, TidyCsv.toCsv(sizes.forFiles(outcomes).stream().filter(o -> !o.failed())
                    .map(RunOutcome::result).toList()));
        }
        PrintWriter out = spec.commandLine().getOut();
        RunTable.print(results, out);
        MallocTable.print(results, timed, out);
        out.printf(Locale.ROOT, "%d strateg%s in %.2f s%s%n", results.size(), results.size() == 1 ? "y" : "ies",
                nanos / 1e9,
                results.size() == runs.size() ? "" : ", " + (runs.size() - results.size()) + " failed");
        if (json != null) {
            out.println("wrote " + json);
        }
        if (csv != null) {
            out.println("wrote " + csv);
        }
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (RunOutcome outcome : outcomes) {
            if (outcome.failed()) {
                err.println("heaplab: replay through " + outcome.spec().allocator() + " failed: " + outcome.failure());
            }
        }
        err.flush();
        return results.size() == runs.size() ? Main.OK : Main.FAILURE;
    }

    /** The strategies that search a list of every free block (or record) per request. */
    private static final Set<String> LIST_SEARCHES = Set.of("first-fit", "next-fit", "best-fit", "worst-fit",
            "record-fit");
    /** Events beyond which a list search is warned of: about a minute of replay at a thousand free blocks. */
    private static final int LONG_TRACE = 200_000;

    /**
     * Warns, before the replays start, when a strategy that searches every free block is asked to replay a long
     * trace: it takes minutes where the defaults take seconds, and its bar moves only when it is done.
     */
    private void warnOfListSearches(Set<String> strategies, PrintWriter err) throws IOException {
        List<String> slow = strategies.stream().filter(s -> LIST_SEARCHES.contains(Spec.parse(s).name())).toList();
        if (slow.isEmpty()) {
            return;
        }
        int events = io.heaplab.traces.malloc.MallocTraces.read(trace).events();
        if (events > LONG_TRACE) {
            err.printf(Locale.ROOT, "heaplab: warning: %s search%s every free block on each request: on %,d events"
                    + " this may take many minutes (the default strategies take seconds)%n", String.join(", ", slow),
                    slow.size() == 1 ? "es" : "", events);
            err.flush();
        }
    }

    /** What the time per call of a simulated strategy is, for the files. */
    static final String HOW = "JVM replay, unrecorded, after one warm-up replay: the strategy with heaplab's heap"
            + " around it";

    /**
     * Each strategy that replayed replays again unrecorded, once to warm the JIT and then {@code repeat} times for
     * its time, {@code parallel} strategies at a time: the recording would otherwise be most of it. Keyed by the
     * allocator spec.
     */
    private static Map<String, CallTime> time(Runner runner, List<RunOutcome> outcomes, int parallel, int repeat,
                                              Runnable afterEach) {
        List<RunOutcome> replayed = outcomes.stream().filter(o -> !o.failed()).toList();
        Map<String, CallTime> times = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, replayed.size())));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (RunOutcome outcome : replayed) {
                RunSpec run = RunSpec.workload(outcome.spec().workload()).allocator(outcome.spec().allocator())
                        .pageSize(outcome.spec().pageSize()).heapCapacity(outcome.spec().heapCapacity())
                        .seed(outcome.spec().seed()).build();
                RunResult result = outcome.result();
                long calls = Math.max(1, result.allocations() + result.frees() + result.rejections());
                done.add(pool.submit(() -> {
                    runner.runUnrecorded(run);
                    afterEach.run();
                    double[] perCall = new double[repeat];
                    for (int r = 0; r < repeat; r++) {
                        perCall[r] = (double) runner.runUnrecorded(run).wallNanos() / calls;
                        afterEach.run();
                    }
                    Arrays.sort(perCall);
                    times.put(run.allocator().toString(), new CallTime(perCall[(repeat - 1) / 2], perCall[0],
                            perCall[repeat - 1], repeat, HOW));
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    // it replayed once already; a failure now leaves its time out
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return times;
    }
}
