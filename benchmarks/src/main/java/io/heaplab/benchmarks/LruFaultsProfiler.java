package io.heaplab.benchmarks;

import java.io.File;
import java.lang.reflect.Field;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Adds the secondary metric {@value #METRIC} to each trial of {@link AllocatorBenchmark#allocateAndFree}: the strategy's faults
 * under exact LRU in the same steady state ({@link LruFaultCount}), so the count stands beside ns/op in JMH's own
 * results (malloc has none).
 *
 * <p>The count is made here, in JMH's own process once the trial's fork has ended, from the trial's parameters: a
 * pure function of them, so it needs no timing. Counted in the fork, the recorded run would teach the JIT that the
 * heap's views record, and the unrecorded steady state timed beside it would be compiled with the recorder's calls
 * in every access, measuring a heaplab that records rather than the strategy; and its objects would count against
 * the hot path in JMH's GC profiler. The suite adds it; by hand,
 * {@code java -jar benchmarks.jar -prof io.heaplab.benchmarks.LruFaultsProfiler}.
 */
public final class LruFaultsProfiler implements ExternalProfiler {

    /** The metric's name in the results. */
    public static final String METRIC = "lruFaults";

    @Override
    public String getDescription() {
        return "page faults of the allocator's steady state under exact LRU, counted outside the timed fork";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult result, long pid, File stdOut, File stdErr) {
        BenchmarkParams params = result.getParams();
        String benchmark = params.getBenchmark();
        try {
            Class<?> type = Class.forName(benchmark.substring(0, benchmark.lastIndexOf('.')));
            if (!AllocatorBenchmark.class.isAssignableFrom(type) || !benchmark.endsWith(".allocateAndFree")) {
                return List.of();
            }
            AllocatorBenchmark trial = (AllocatorBenchmark) type.getConstructor().newInstance();
            for (String key : params.getParamsKeys()) {
                Field field = type.getField(key);
                String value = params.getParam(key);
                field.set(trial, field.getType() == int.class ? (Object) Integer.parseInt(value) : value);
            }
            long faults = trial.lruFaults();
            return faults < 0 ? List.of() : List.of(new ScalarResult(METRIC, faults, "faults", AggregationPolicy.AVG));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(benchmark + ": cannot rebuild its trial to count its faults", e);
        }
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }
}
