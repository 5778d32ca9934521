package io.heaplab.benchmarks;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.plugins.Plugins;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording costs a real run: the same workload under STACK in 512-byte pages, once with recording off
 * ({@link Runner#runUnrecorded}: every reference made, none recorded) and once recording every reference into
 * exact LRU in {@value #FRAMES} frames; {@code recordedIntoLru / unrecorded} is the overhead as a ratio.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class RecorderOverheadBenchmark {

    static final int PAGE_SIZE = 512;
    static final int FRAMES = 64;

    /**
     * {@code random-blocks}: 10,000 live 16-byte blocks (313 pages) churned 200,000 times; {@code pqsim}: Brent's
     * event-queue simulation over 300 simulated seconds, the first 100 a warm-up (about 120,000 allocations).
     */
    @Param({"random-blocks:size=16,live=10000,steps=200000", "pqsim:seconds=300,warmup=100"})
    public String workload;

    private Runner runner;
    private RunSpec bare;
    private RunSpec recorded;

    @Setup
    public void setUp() {
        runner = new Runner(Plugins.load());
        RunSpec.Builder stack = RunSpec.workload(workload).allocator("stack").pageSize(PAGE_SIZE);
        bare = stack.build();
        recorded = stack.policy("lru:frames=" + FRAMES).build();
    }

    /** The run with recording off; returns its requests, so it is not optimized away. */
    @Benchmark
    public long unrecorded() {
        return runner.runUnrecorded(bare).requests();
    }

    /** The same run with every reference recorded into LRU; returns its requests. */
    @Benchmark
    public long recordedIntoLru() {
        return runner.run(recorded).requests();
    }
}
