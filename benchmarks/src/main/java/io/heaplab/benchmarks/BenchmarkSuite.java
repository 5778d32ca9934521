package io.heaplab.benchmarks;

import io.heaplab.reports.Reports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark of this module, writes JMH's JSON to {@code DIR/jmh-result.json} and the report beside it.
 *
 * <p>{@code BenchmarkSuite [--smoke | --full] --out DIR}. Full: each benchmark's own annotations. Smoke: a check
 * that everything runs, not a measurement (one fork, one short warm-up and measurement iteration, one value of
 * each parameter but the allocator benchmarks' strategies, which all run so a broken strategy fails). A failing
 * benchmark fails the suite, with a non-zero exit.
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
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + BenchmarkSuite.class.getPackageName().replace(".", "\\.") + "\\.")
                    .addProfiler(LruFaultsProfiler.class)
                    .resultFormat(ResultFormatType.JSON)
                    .result(partial.toString())
                    .shouldFailOnError(true);
            if (smoke) {
                smoke(options);
            }
            new Runner(options.build()).run();
            Path result = out.resolve(RESULT);
            Files.move(partial, result, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return result;
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** Shortens every benchmark to a check; the strategy parameters keep all their values. */
    private static void smoke(ChainedOptionsBuilder options) {
        options.forks(1).warmupIterations(1).warmupTime(SMOKE_TIME)
                .measurementIterations(1).measurementTime(SMOKE_TIME)
                // allocator benchmarks: one size and live count
                .param("blockBytes", "16")
                .param("live", "512")
                // paging benchmarks: one string, a few policies, one sink
                .param("string", "workload")
                .param("policy", PolicyThroughputBenchmark.BASELINE, "lru:frames=1024", "opt:frames=1024",
                        "ws:theta=10000")
                .param("sink", "lru")
                // Purdom's workload: one load ("strategy" is shared with the allocator benchmarks, so it keeps
                // all of its strategies)
                .param("load", "lambda=64,c=4");
    }
}
