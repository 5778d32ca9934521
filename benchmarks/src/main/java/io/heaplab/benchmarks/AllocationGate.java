package io.heaplab.benchmarks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Fails the suite when a strategy's allocate+free allocates Java objects: the heap's data and the strategy's
 * bookkeeping live off-heap, so garbage on the hot path is a regression, and it would make the timings measure the
 * collector. JMH's GC profiler gives the bytes allocated per operation ({@value #METRIC}); the smallest object is 16
 * bytes, so a bound of {@value #BOUND} bytes catches an object made on every operation. JMH's own work allocates a
 * few kilobytes an iteration, which a slow strategy (a thousand operations in a smoke pass's 200 ms) spreads into
 * several bytes an operation: {@value #HARNESS_BYTES} bytes over the operations measured are allowed on top.
 */
final class AllocationGate {

    /** The GC profiler's secondary result: bytes allocated per operation. */
    static final String METRIC = "gc.alloc.rate.norm";
    /** Bytes per operation above which a benchmark allocates on its hot path. */
    static final double BOUND = 8;
    /** What JMH's harness may allocate in a measurement, spread over its operations (it takes about 4 KB). */
    static final double HARNESS_BYTES = 16 * 1024;

    private AllocationGate() {
    }

    /** One line for each result whose operation allocates more than {@link #BOUND}; none when all are clean. */
    static List<String> violations(Collection<RunResult> results) {
        List<String> violations = new ArrayList<>();
        for (RunResult run : results) {
            Result<?> allocated = run.getSecondaryResults().get(METRIC);
            if (allocated != null && allocated.getScore() > BOUND + HARNESS_BYTES / operations(run)) {
                String params = run.getParams().getParamsKeys().stream()
                        .map(k -> k + "=" + run.getParams().getParam(k)).collect(Collectors.joining(", "));
                violations.add(String.format(Locale.ROOT, "%s%s: %.1f bytes of Java objects per operation"
                        + " (expected: at most %.0f and the harness's share; the hot path allocates nothing)",
                        run.getParams().getBenchmark().replaceFirst("^.*\\.(\\w+\\.\\w+)$", "$1"),
                        params.isEmpty() ? "" : " (" + params + ")", allocated.getScore(), BOUND));
            }
        }
        return violations;
    }

    /** About how many operations the measurement took: its time over the time of one (ns/op), or 1 when unknown. */
    private static double operations(RunResult run) {
        Result<?> time = run.getPrimaryResult();
        if (!"ns/op".equals(time.getScoreUnit()) || !(time.getScore() > 0)) {
            return 1;
        }
        var measurement = run.getParams().getMeasurement();
        return Math.max(1, measurement.getCount() * (double) measurement.getTime().convertTo(TimeUnit.NANOSECONDS)
                / time.getScore());
    }
}
