package io.heaplab.benchmarks;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Adds the secondary metric {@value #METRIC} to every iteration of a benchmark that published a fault count
 * ({@link LruFaultCount}) in its trial setup, so the count stands beside ns/op in JMH's own results.
 *
 * <p>A profiler rather than {@code @AuxCounters}: aux event counters are summed over iterations, while this result
 * is the same number every iteration and averaged ({@link AggregationPolicy#AVG}), so the JSON holds the count
 * exactly. The suite adds it; by hand, {@code java -jar benchmarks.jar -prof io.heaplab.benchmarks.LruFaultsProfiler}.
 */
public final class LruFaultsProfiler implements InternalProfiler {

    /** The metric's name in the results. */
    public static final String METRIC = "lruFaults";

    /** Which benchmark (its {@link BenchmarkParams#id()}) published, then its count; one publication at a time. */
    private static volatile Published published;

    private record Published(String benchmarkId, long faults) {
    }

    /** Called in a trial setup: {@code faults} belong to the benchmark {@code params} describes. */
    static void publish(BenchmarkParams params, long faults) {
        published = new Published(params.id(), faults);
    }

    /** Called in a trial setup of a benchmark with no count (malloc has no simulated pages). */
    static void withdraw() {
        published = null;
    }

    @Override
    public String getDescription() {
        return "page faults of the allocator's steady state under exact LRU, counted outside the timed path";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams, IterationResult result) {
        Published p = published;
        // an id of another benchmark is a stale count, left by one that ran before in the same JVM (no fork)
        if (p == null || !p.benchmarkId().equals(benchmarkParams.id())) {
            return List.of();
        }
        return List.of(new ScalarResult(METRIC, p.faults(), "faults", AggregationPolicy.AVG));
    }
}
