package io.heaplab.benchmarks;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.SyntheticTrace;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exact LRU on a trace larger than the CPU's caches, in the units cache simulators count: a Zipf(0.99) stream of
 * {@code references} raw references over a million pages (the simulators' per-page arrays alone are tens of MB),
 * read-only or with a share of writes, replayed from memory into one fixed size or into the whole curve, bare or
 * keeping the miss ratio over time. The
 * primary score is whole replays per second; the secondary {@code references} and {@code runs} are raw and
 * run-merged references per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class LargeTraceBenchmark {

    /** Distinct pages the stream draws from: far more than fit in a last-level cache, as trace studies use. */
    static final int PAGES = 1_000_000;

    /** The raw references of the trace (a smoke pass makes fewer). */
    @Param({"10000000"})
    public long references;

    /**
     * The share of references that write: 0, the usual read-only request trace, and 0.3, where dirty pages make
     * the curve settle write-backs at every size.
     */
    @Param({"0", "0.3"})
    public double writes;

    /** What the trace is replayed into: exact LRU at one size, or every size at once. */
    @Param({"lru:frames=10000", "lru:frames=all", "lru:frames=all,threads=2"})
    public String simulation;

    /**
     * Whether the miss ratio over time is kept as well, in adaptive windows ({@code trace replay --json}, {@code
     * curve}): for the curve, at every grid size.
     */
    @Param({"none", "adaptive"})
    public String windows;

    private long[] runs;
    private long raw;
    private Plugins plugins;
    /** One batch at a time, reused, as a trace reader hands them over. */
    private final long[] batch = new long[ReferenceRecorder.BATCH];

    /** References and runs replayed, reported per second beside the replays. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Units {
        /** Raw references, as libCacheSim and Caffeine count requests. */
        public long references;
        /** Runs of references to one page, as heaplab's simulators take them. */
        public long runs;
    }

    @Setup(Level.Trial)
    public void generate() {
        LongArrayList collected = new LongArrayList();
        ReferenceSink collect = (batch, length) -> collected.addElements(collected.size(), batch, 0, length);
        raw = SyntheticTrace.of(Spec.parse("zipf:pages=" + PAGES + ",skew=0.99,writes=" + writes)).generate(references, 1, collect);
        runs = collected.toLongArray();
        plugins = Plugins.load();
    }

    @Benchmark
    public long replay(Units units) {
        PagingSimulator simulator = plugins.simulator(Spec.parse(simulation));
        if (windows.equals("adaptive")) {
            simulator = WindowedFaults.adaptive(simulator);
        }
        for (int from = 0; from < runs.length; from += batch.length) {
            int length = Math.min(batch.length, runs.length - from);
            System.arraycopy(runs, from, batch, 0, length);
            simulator.accept(batch, length);
        }
        simulator.finish();
        units.references += raw;
        units.runs += runs.length;
        return simulator.faultsSoFar();
    }
}
