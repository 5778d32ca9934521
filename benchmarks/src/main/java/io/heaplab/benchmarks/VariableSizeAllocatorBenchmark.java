package io.heaplab.benchmarks;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The CPU cost of an allocate+free pair under each strategy for blocks of any size, in a steady state of a fixed
 * number of live blocks (each operation frees a block chosen from a precomputed random table and allocates a
 * replacement of a precomputed size: geometric, mean 8 cells, as in Purdom, Stigler &amp; Cheam), in a growable
 * heap with nothing paged. Sixteen times more live blocks leaves an O(1) strategy's cost flat; a list strategy's
 * grows with its free list.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class VariableSizeAllocatorBenchmark {

    private static final int TABLE = 1 << 16;
    private static final double MEAN_CELLS = 8;
    private static final int CELL = 16;

    @Param({"first-fit", "first-fit:order=lifo", "next-fit", "best-fit", "worst-fit", "segregated", "buddy",
        "brent-ff", "tlsf"})
    public String strategy;

    @Param({"512", "8192"})
    public int live;

    private Heap heap;
    private Allocator allocator;
    private long[] addresses;
    private long[] sizes;
    private int[] victims;
    private long[] replacements;
    private int next;

    @Setup
    public void setUp() {
        heap = new Heap(Heap.DEFAULT_PAGE_SIZE, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        allocator = create(strategy, heap);
        SplittableRandom random = new SplittableRandom(42);
        victims = new int[TABLE];
        replacements = new long[TABLE];
        for (int i = 0; i < TABLE; i++) {
            victims[i] = random.nextInt(live);
            replacements[i] = geometricBytes(random);
        }
        addresses = new long[live];
        sizes = new long[live];
        for (int i = 0; i < live; i++) {
            sizes[i] = geometricBytes(random);
            addresses[i] = allocator.allocate(sizes[i]);
        }
        // churn until the free space is as fragmented as it will get
        for (int i = 0; i < 8 * live; i++) {
            allocateAndFree();
        }
    }

    @TearDown
    public void tearDown() {
        heap.close();
    }

    /** Frees a live block picked at random and allocates its replacement. */
    @Benchmark
    public long allocateAndFree() {
        int k = next++ & (TABLE - 1);
        int victim = victims[k];
        allocator.free(addresses[victim], sizes[victim]);
        long size = replacements[k];
        sizes[victim] = size;
        return addresses[victim] = allocator.allocate(size);
    }

    private static long geometricBytes(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        long cells = 1 + (long) Math.floor(Math.log(u) / Math.log1p(-1 / MEAN_CELLS));
        return cells * CELL - 8;
    }

    static Allocator create(String strategy, Heap heap) {
        Spec spec = Spec.parse(strategy);
        AllocatorProvider provider = Plugins.load().allocators().find(spec.name());
        return provider.create(Options.bind(provider, spec), new AllocatorSetup(heap, AllocatorSetup.VARIED));
    }
}
