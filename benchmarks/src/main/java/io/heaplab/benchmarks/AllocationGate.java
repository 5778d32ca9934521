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
 * bytes, so a bound of {@value #BOUND} bytes catches an object made on every operation. The profiler counts every
 * thread of the fork, and JMH's threads and the JIT's allocate in the background, some hundreds of kilobytes a second
 * while compilation goes on, which a slow strategy (record-fit, a hundred microseconds an operation) turns into tens
 * of bytes an operation: {@value #BACKGROUND_BYTES_PER_SECOND} bytes a second, over the time of one operation, are
 * allowed on top. An operation that takes less than 4 microseconds is held to within 16 bytes of nothing.
 */
final class AllocationGate {

    /** The GC profiler's secondary result: bytes allocated per operation. */
    static final String METRIC = "gc.alloc.rate.norm";
    /** Bytes per operation above which a benchmark allocates on its hot path. */
    static final double BOUND = 8;
    /** What the fork's other threads may allocate each second of the measurement. */
    static final double BACKGROUND_BYTES_PER_SECOND = 2 << 20;

    private AllocationGate() {
    }

    /** One line for each result whose operation allocates more than {@link #BOUND}; none when all are clean. */
    static List<String> violations(Collection<RunResult> results) {
        List<String> violations = new ArrayList<>();
        for (RunResult run : results) {
            Result<?> allocated = run.getSecondaryResults().get(METRIC);
            if (allocated != null && allocated.getScore() > BOUND + background(run)) {
                String params = run.getParams().getParamsKeys().stream()
                        .map(k -> k + "=" + run.getParams().getParam(k)).collect(Collectors.joining(", "));
                violations.add(String.format(Locale.ROOT, "%s%s: %.1f bytes of Java objects per operation"
                        + " (expected: at most %.0f and the background's share; the hot path allocates nothing)",
                        run.getParams().getBenchmark().replaceFirst("^.*\\.(\\w+\\.\\w+)$", "$1"),
                        params.isEmpty() ? "" : " (" + params + ")", allocated.getScore(), BOUND));
            }
        }
        return violations;
    }

    /** The background's bytes in the time of one operation ({@code ns/op}); none when the time is unknown. */
    private static double background(RunResult run) {
        Result<?> time = run.getPrimaryResult();
        if (!"ns/op".equals(time.getScoreUnit()) || !(time.getScore() > 0)) {
            return 0;
        }
        return BACKGROUND_BYTES_PER_SECOND * time.getScore() / TimeUnit.SECONDS.toNanos(1);
    }
}
