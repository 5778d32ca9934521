package io.heaplab.benchmarks;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.plugins.Plugins;
import java.util.List;
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
 * One whole run of Purdom, Stigler &amp; Cheam's workload under each strategy (heavy load of small blocks: lambda
 * 64, c 4, 256 cells, until 1600 requests are filled; about 1700 requests and 1600 frees): what a strategy costs
 * inside a real experiment, the workload's own event queue and data writes included and alike for all.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class PurdomWorkloadBenchmark {

    /** The heavy load of small blocks, Purdom's worst case for a list strategy. */
    static final String HEAVY_LOAD = "lambda=64,c=4";

    /**
     * Given at run time: {@link RegistryParams#purdomStrategies}, as {@link BenchmarkSuite} passes them; run alone,
     * name them with {@code -p strategy=first-fit,buddy}.
     */
    @Param({})
    public String strategy;

    /** The second load: fewer, larger blocks. */
    static final String LIGHT_LOAD = "lambda=16,c=16";
    /** Both loads, as {@link RegistryParams} tries each strategy under them. */
    static final List<String> LOADS = List.of(HEAVY_LOAD, LIGHT_LOAD);

    @Param({HEAVY_LOAD, LIGHT_LOAD})
    public String load;

    private Runner runner;
    private RunSpec spec;

    @Setup
    public void setUp() {
        runner = new Runner(Plugins.load());
        spec = spec(load, strategy);
    }

    /** The run of {@code strategy} under {@code load}: 256 cells, the default page, seed 1. */
    static RunSpec spec(String load, String strategy) {
        return RunSpec.workload("purdom:memory=256," + load).allocator(strategy).build();
    }

    /** Runs the workload once; returns the requests received, so the run is not optimized away. */
    @Benchmark
    public long run() {
        return runner.run(spec).requests();
    }
}
