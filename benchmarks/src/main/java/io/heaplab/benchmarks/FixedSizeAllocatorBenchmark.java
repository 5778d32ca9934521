package io.heaplab.benchmarks;

import io.heaplab.core.spi.AllocatorSetup;
import org.openjdk.jmh.annotations.Param;

/**
 * {@link AllocatorBenchmark} with blocks of one size, which every strategy takes: Brent's fixed-size ones (they
 * reject anything else, {@link AllocatorSetup#isFixedSize}) and the variable-size ones alike.
 *
 * <p>{@code lruFaults}: 512-byte pages, {@code ceil(live * blockBytes / 1024)} frames (half the live bytes), the
 * {@value LruFaultCount#STEPS} steps after the warm-up. NOFREE is timed with its heap dropped and rebuilt every
 * 64 MiB ({@link HeapChurn#RENEW_BYTES}): its ns/op is a bump allocation plus that renewal amortized. Its count
 * (under 40 MB even at 200 bytes, so never renewed) is that of a heap that only grows, every step taking a block on
 * the newest page while the live ones lie scattered over all the older pages.
 *
 * <p>The strategies are every registered one that takes both block sizes, and malloc; run alone, name them with
 * {@code -p strategy=stack,mru,malloc}.
 */
public class FixedSizeAllocatorBenchmark extends AllocatorBenchmark {

    /** Given at run time: {@link RegistryParams#fixedSizeStrategies}, as {@link BenchmarkSuite} passes them. */
    @Param({})
    public String strategy;

    /** 16: the {@code random-blocks} default, 32 blocks to a page; 200: no power of two, 2 to a page. */
    @Param({"16", "200"})
    public int blockBytes;

    @Override
    protected String strategy() {
        return strategy;
    }

    @Override
    protected BlockSizes sizes() {
        return new BlockSizes.Fixed(blockBytes);
    }
}
