package io.heaplab.benchmarks;

import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.core.trace.WarmupBoundary;
import io.heaplab.paging.lru.ExactLru;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a replay's cache-study measures cost per reference (libCacheSim's warm-up, windowed and byte miss ratios):
 * exact LRU in 1024 frames fed the batches of a {@link ReferenceStrings#scattered} string bare ({@code none}),
 * behind a warm-up boundary at a tenth of it ({@code warmup}), in adaptive windows of virtual time ({@code
 * windows}), and weighing each run's object bytes ({@code bytes}, a run at a time).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class ReplayMeasuresBenchmark {

    static final int LENGTH = 1 << 21;
    static final int PAGES = 8192;

    @Param({"none", "warmup", "windows", "bytes"})
    public String measure;

    private final List<long[]> batches = new ArrayList<>();
    private final ObjectSizes sizes = new ObjectSizes();

    @Setup
    public void setUp() {
        int[] pages = ReferenceStrings.scattered(LENGTH, PAGES, 1);
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(
                (ReferenceSink) (runs, length) -> batches.add(Arrays.copyOf(runs, length))));
        for (int page : pages) {
            recorder.reference(page, false);
        }
        recorder.finish();
        for (int page = 0; page < PAGES; page++) {
            sizes.request(page, 64 + page * 37 % 4096); // sizes from 64 bytes to 4 KiB
        }
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public long replay() {
        ExactLru lru = new ExactLru(1024);
        ReferenceSink stream = switch (measure) {
            case "warmup" -> new WarmupBoundary(lru, LENGTH / 10);
            case "windows" -> WindowedFaults.adaptive(lru);
            case "bytes" -> new ByteMisses(lru, sizes);
            default -> lru;
        };
        for (long[] batch : batches) {
            stream.accept(batch, batch.length);
        }
        stream.finish();
        return lru.faultsSoFar();
    }
}
