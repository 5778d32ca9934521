package io.heaplab.benchmarks;

import io.heaplab.reports.Reports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark of this module, writes JMH's JSON to {@code DIR/jmh-result.json} and the report beside it.
 *
 * <p>{@code BenchmarkSuite [--smoke | --full] --out DIR}. Full: each benchmark's own annotations. Smoke: a check
 * that everything runs, not a measurement (one short warm-up and measurement iteration, one value of each
 * parameter but the strategies and policies, which all run so a broken one fails; a fork for each allocator
 * benchmark's strategy, which the allocation gate needs, and the rest in this process). The strategies and
 * policies are not listed by hand: they come from the plugin registry ({@link RegistryParams}), each allocator
 * benchmark taking those its setup can serve. A failing benchmark fails the suite, with a non-zero exit.
 */
public final class BenchmarkSuite {

    static final String RESULT = "jmh-result.json";
    private static final TimeValue SMOKE_TIME = TimeValue.milliseconds(200);

    private BenchmarkSuite() {
    }

    /** {@code [--smoke | --full] --out DIR}; fails, exit status non-zero, when any benchmark fails. */
    public static void main(String[] args) throws RunnerException, IOException {
        boolean smoke = false;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--smoke" -> smoke = true;
                case "--full" -> smoke = false;
                case "--out" -> out = i + 1 < args.length ? Path.of(args[++i]) : null;
                default -> usage("unknown argument '" + args[i] + "'");
            }
        }
        if (out == null) {
            usage("no --out DIR");
        }
        Files.createDirectories(out);
        Path result = run(smoke, out);
        Reports.write(List.of(result), out);
    }

    /** A bad command line: one line saying what is wrong and what was expected, exit status 2. */
    private static void usage(String problem) {
        System.err.println("BenchmarkSuite: " + problem + " (expected: [--smoke | --full] --out DIR)");
        System.exit(2);
    }

    /** Runs the suite and moves its JSON into place only when it is whole; returns where it is. */
    static Path run(boolean smoke, Path out) throws RunnerException, IOException {
        // beside the result, so the move is a rename; named by process, so two suites never share one
        Path partial = out.resolve(RESULT + "." + ProcessHandle.current().pid() + ".partial");
        try {
            List<RunResult> results = new ArrayList<>();
            Map<Class<?>, List<String>> strategies = strategies(Plugins.load(), smoke);
            // "strategy" is one name in three benchmarks with three lists (the report groups by it), and JMH's
            // parameters are global to a run: a run of its own for each
            for (Map.Entry<Class<?>, List<String>> benchmark : strategies.entrySet()) {
                boolean gated = AllocatorBenchmark.class.isAssignableFrom(benchmark.getKey());
                ChainedOptionsBuilder options = options(smoke, gated)
                        .include("^" + Pattern.quote(benchmark.getKey().getName()) + "\\.")
                        .param("strategy", benchmark.getValue().toArray(String[]::new));
                if (gated) {
                    options.addProfiler(GCProfiler.class); // what each allocate+free allocates, for the gate below
                }
                // in a smoke pass the fault count's path is checked on the fixed-size strategies alone: counted on
                // the variable-size ones too it would take most of the pass (record-fit's recorded steady state
                // alone takes about 50 s), and the count is a pure function of the parameters, not a measurement
                if (!smoke || benchmark.getKey() == FixedSizeAllocatorBenchmark.class) {
                    options.addProfiler(LruFaultsProfiler.class);
                }
                results.addAll(new Runner(options.build()).run());
            }
            List<String> allocating = AllocationGate.violations(results);
            if (!allocating.isEmpty()) {
                allocating.forEach(line -> System.err.println("BenchmarkSuite: " + line));
                throw new IllegalStateException(allocating.size() + " benchmark(s) allocate on the hot path");
            }
            ChainedOptionsBuilder rest = options(smoke, false)
                    .include("^" + Pattern.quote(BenchmarkSuite.class.getPackageName() + ".") + "\\w+\\.");
            strategies.keySet().forEach(c -> rest.exclude("^" + Pattern.quote(c.getName()) + "\\."));
            List<String> policies = policies(Plugins.load(), smoke);
            rest.param("policy", policies.toArray(String[]::new));
            results.addAll(new Runner(rest.build()).run());
            try (PrintStream json = new PrintStream(Files.newOutputStream(partial), false, StandardCharsets.UTF_8)) {
                ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(results);
            }
            Path result = out.resolve(RESULT);
            Files.move(partial, result, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return result;
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /**
     * The strategies each allocator benchmark runs, from the registry ({@link RegistryParams}): in a smoke pass
     * every strategy once by its bare name, in full with the other words of its choice options as well.
     */
    static Map<Class<?>, List<String>> strategies(Plugins plugins, boolean smoke) {
        Map<Class<?>, List<String>> strategies = new LinkedHashMap<>();
        strategies.put(FixedSizeAllocatorBenchmark.class, RegistryParams.fixedSizeStrategies(plugins, !smoke));
        strategies.put(VariableSizeAllocatorBenchmark.class, RegistryParams.variableSizeStrategies(plugins, !smoke));
        strategies.put(PurdomWorkloadBenchmark.class, RegistryParams.purdomStrategies(plugins, !smoke));
        return strategies;
    }

    /**
     * The policies of {@link PolicyThroughputBenchmark}, from the registry: all of them in full; in a smoke pass
     * the baseline and each policy once, at its first spec, so a broken policy still fails.
     */
    static List<String> policies(Plugins plugins, boolean smoke) {
        List<String> all = RegistryParams.policies(plugins);
        if (!smoke) {
            return all;
        }
        Map<String, String> firstByName = new LinkedHashMap<>();
        for (String spec : all) {
            firstByName.putIfAbsent(Spec.parse(spec).name(), spec);
        }
        return List.copyOf(firstByName.values());
    }

    /**
     * What every run of the suite shares: failing on error, and in a smoke pass the short form. In full every
     * benchmark forks as annotated; a smoke pass forks only where {@code gated}: the allocation gate reads each
     * strategy's allocations in a JVM of its own, where no other strategy has shaped the JIT's profile, and every
     * other benchmark is only checked to run, which a fork per parameter (a JVM started and warmed each time) would
     * make the slowest part of the build.
     */
    private static ChainedOptionsBuilder options(boolean smoke, boolean gated) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                // the forks' flags: the FFM linker for glibc's malloc, and JMH's use of sun.misc.Unsafe allowed
                // so JDK 25 does not warn of it in every fork
                .jvmArgsAppend("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")
                .shouldFailOnError(true);
        if (smoke) {
            smoke(options, gated);
        }
        return options;
    }

    /** Shortens every benchmark to a check; the strategy and policy parameters are set apart, from the registry. */
    private static void smoke(ChainedOptionsBuilder options, boolean forked) {
        options.forks(forked ? 1 : 0).warmupIterations(1).warmupTime(SMOKE_TIME)
                .measurementIterations(1).measurementTime(SMOKE_TIME)
                // allocator benchmarks: one size and live count
                .param("blockBytes", "16")
                .param("live", "512")
                // paging benchmarks: one string, one sink
                .param("string", "workload")
                .param("sink", "lru")
                // Purdom's workload: one load
                .param("load", PurdomWorkloadBenchmark.HEAVY_LOAD)
                // the trace larger than the caches: a short one, which checks the code path, not the caches; with
                // writes and in windows, whose paths hold the read-only and the bare one's
                .param("references", "100000")
                .param("writes", "0.3")
                .param("windows", "adaptive");
    }
}
