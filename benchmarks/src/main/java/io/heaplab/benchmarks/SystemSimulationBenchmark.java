package io.heaplab.benchmarks;

import io.heaplab.system.MemoryPolicy;
import io.heaplab.system.MultiprogrammedSystem;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.system.SystemConfig;
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
 * The multiprogrammed system simulator (Carr &amp; Hennessy) in raw references per second: each of the eight
 * shipped programs once as a task, 40,000,000 references in all, on configuration B at twice Carr's frames, under
 * pure WS, WS with LT/RT, WSCLOCK, PFF and global CLOCK at theta = 500,000; on the reference strings, or on their IRIM
 * compaction (omega = 5000), still counted in the references they stand for.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class SystemSimulationBenchmark {

    /** References the eight prototypes make together. */
    static final int REFERENCES = 40_000_000;

    /** The memory policy; not named "policy", which the suite sets to the paging policies' specs. */
    @Param({"ws", "ws-ltrt", "wsclock", "pff", "clock"})
    public String memory;

    @Param({"exact", "irim"})
    public String strings;

    private SystemConfig config;
    private List<Prototype> workload;

    @Setup
    public void setUp() {
        Prototypes shipped = Prototypes.shipped();
        workload = strings.equals("irim") ? shipped.prototypes().stream().map(p -> new Prototype(p.name(),
                p.string().irim(5_000), p.meanIoInterval())).toList() : shipped.prototypes();
        MemoryPolicy rule = switch (memory) {
            case "ws", "ws-ltrt" -> MemoryPolicy.WS;
            case "wsclock" -> MemoryPolicy.WSCLOCK;
            case "pff" -> MemoryPolicy.PFF;
            case "clock" -> MemoryPolicy.CLOCK;
            default -> throw new IllegalArgumentException("memory " + memory);
        };
        SystemConfig paper = SystemConfig.table1('B', rule, !memory.equals("ws"), 500_000);
        config = paper.withFrames(shipped.frames(paper.frames()));
    }

    /** One whole simulation; the throughput is in references. */
    @Benchmark
    @OperationsPerInvocation(REFERENCES)
    public long simulate() {
        return MultiprogrammedSystem.run(config, workload, 1).time();
    }
}
