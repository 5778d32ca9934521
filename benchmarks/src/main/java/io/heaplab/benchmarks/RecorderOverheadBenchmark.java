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
 * What recording costs a real run, for every shipped workload: the same run in 512-byte pages, once with recording
 * off ({@link Runner#runUnrecorded}: every reference made, none recorded) and once recording every reference into
 * exact LRU in {@value #FRAMES} frames; {@code recordedIntoLru / unrecorded} is the overhead as a ratio. Brent's
 * fixed-size workloads run under STACK, the variable-size ones under first fit.
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
     * Each workload at a size that runs for milliseconds: {@code random-blocks}, 10,000 live 16-byte blocks (313
     * pages) churned 200,000 times; {@code pqsim}, Brent's event-queue simulation over 300 simulated seconds, the
     * first 100 a warm-up (about 120,000 allocations); {@code tridiag}, Brent's matrix of order 128; {@code purdom},
     * 200,000 requests in a memory of 4,096 cells; {@code fits}, the course report's load; {@code malloc-trace}, the
     * shipped {@code python-json.hmt}.
     */
    @Param({"random-blocks:size=16,live=10000,steps=200000", "pqsim:seconds=300,warmup=100", "tridiag",
            "purdom:memory=4096,requests=200000", "fits", "malloc-trace"})
    public String workload;

    private Runner runner;
    private RunSpec bare;
    private RunSpec recorded;

    @Setup
    public void setUp() {
        runner = new Runner(Plugins.load());
        String spec = workload.equals("malloc-trace") ? workload + ":file=" + MallocReplayBenchmark.locate() : workload;
        boolean fixedSize = workload.startsWith("random-blocks") || workload.startsWith("pqsim")
                || workload.startsWith("tridiag");
        RunSpec.Builder run = RunSpec.workload(spec).allocator(fixedSize ? "stack" : "first-fit").pageSize(PAGE_SIZE);
        bare = run.build();
        recorded = run.policy("lru:frames=" + FRAMES).build();
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
