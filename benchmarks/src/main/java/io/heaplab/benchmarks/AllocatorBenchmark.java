package io.heaplab.benchmarks;

import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The CPU cost of one allocate+free pair in a steady state of a fixed number of live blocks: each operation frees
 * a block chosen by a precomputed random table and allocates a replacement from a precomputed size table
 * ({@link OperationTable}), under a heaplab strategy in a simulated heap that records nothing ({@link HeapChurn}),
 * or under the C library's malloc and free ({@link MallocChurn}, strategy {@value #MALLOC}) so every strategy
 * reads as a ratio to it. Beside ns/op, each strategy's faults under exact LRU in the same steady state
 * ({@link LruFaultCount}), as the secondary metric {@value LruFaultsProfiler#METRIC} (malloc has none), which
 * {@link LruFaultsProfiler} counts outside the timed fork.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public abstract class AllocatorBenchmark {

    /** The strategy value that measures the C library's allocator. */
    public static final String MALLOC = "malloc";

    /** Sixteen times more live blocks leaves an O(1) strategy flat; a list strategy's cost grows with its list. */
    @Param({"512", "8192"})
    public int live;

    private Churn churn;

    /** The strategy spec, or {@value #MALLOC}; a parameter of each subclass, whose strategies differ. */
    protected abstract String strategy();

    protected abstract BlockSizes sizes();

    /** Builds and warms the timed steady state. */
    @Setup(Level.Trial)
    public void setUp() {
        OperationTable table = OperationTable.of(live, sizes());
        churn = strategy().equals(MALLOC) ? new MallocChurn(table)
                : HeapChurn.unrecorded(strategy(), sizes().setupBlockSize(), table);
        for (int i = table.warmUpSteps(); i > 0; i--) {
            churn.step();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        churn.close();
    }

    /** The trial's faults under exact LRU ({@link LruFaultCount}), in a recorded heap of their own; -1 for malloc. */
    long lruFaults() {
        if (strategy().equals(MALLOC)) {
            return -1;
        }
        OperationTable table = OperationTable.of(live, sizes());
        return LruFaultCount.count(strategy(), sizes().setupBlockSize(), table, LruFaultCount.frames(live, sizes()));
    }

    /** The timed steady state, for a subclass's own benchmarks. */
    final Churn churn() {
        return churn;
    }

    /** Frees a live block picked by the table and allocates its replacement; returns the new block's address. */
    @Benchmark
    public long allocateAndFree() {
        return churn.step();
    }
}
