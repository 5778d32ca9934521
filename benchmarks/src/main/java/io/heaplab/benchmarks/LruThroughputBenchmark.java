package io.heaplab.benchmarks;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.paging.lru.LruStackDistance;
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
 * References per second through the recorder into exact LRU and into the one-pass LRU curve (Mattson et al.
 * 1970), against the textbook {@link java.util.LinkedHashMap} access-order LRU on the same reference string.
 *
 * <p>Scores are references per second: each invocation replays the whole string.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class LruThroughputBenchmark {

    static final int LENGTH = 1 << 21;

    /** {@code scattered}: no page twice in a row; {@code workload}: a real run's string, repeats included. */
    @Param({"scattered", "workload"})
    public String string;

    @Param("1024")
    public int frames;

    private int[] pages;
    private boolean[] writes;

    @Setup
    public void setUp() {
        pages = string.equals("scattered") ? ReferenceStrings.scattered(LENGTH, 8192, 1) : ReferenceStrings.workload(LENGTH);
        writes = new boolean[pages.length];
        for (int i = 0; i < writes.length; i += 3) {
            writes[i] = true;
        }
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public Object recorderIntoExactLru() {
        ExactLru lru = new ExactLru(frames);
        replay(new ReferenceRecorder(List.of(lru)));
        return lru.outcome();
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public Object recorderIntoOnePassCurve() {
        LruStackDistance curve = new LruStackDistance();
        replay(new ReferenceRecorder(List.of(curve)));
        return curve.outcome();
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public long linkedHashMapLru() {
        return PolicyThroughputBenchmark.linkedHashMapLru(pages, frames);
    }

    private void replay(ReferenceRecorder recorder) {
        int[] p = pages;
        boolean[] w = writes;
        for (int i = 0; i < p.length; i++) {
            recorder.reference(p[i], w[i]);
        }
        recorder.finish();
    }
}
