package io.heaplab.benchmarks;

import io.heaplab.core.spi.AllocatorSetup;
import org.openjdk.jmh.annotations.Param;

/**
 * {@link AllocatorBenchmark} with sizes of Purdom, Stigler &amp; Cheam (BIT 10, 1970): geometric, mean 8 cells of
 * 16 bytes less an 8-byte header (120 bytes on average), under every strategy for blocks of any size.
 *
 * <p>{@code lruFaults}: 512-byte pages, {@code ceil(live * 120 / 1024)} frames (half the mean live bytes), the
 * {@value LruFaultCount#STEPS} steps after the warm-up.
 */
public class VariableSizeAllocatorBenchmark extends AllocatorBenchmark {

    @Param({"first-fit", "first-fit:order=lifo", "next-fit", "best-fit", "worst-fit", "segregated", "buddy",
        "brent-ff", "tlsf", "mru-ff", MALLOC})
    public String strategy;

    /** Sixteen times more live blocks leaves an O(1) strategy flat; a list strategy's cost grows with its list. */
    @Param({"512", "8192"})
    public int live;

    @Override
    protected String strategy() {
        return strategy;
    }

    @Override
    protected int live() {
        return live;
    }

    @Override
    protected BlockSizes sizes() {
        return BlockSizes.Geometric.PURDOM;
    }

    @Override
    protected long setupBlockSize() {
        return AllocatorSetup.VARIED;
    }
}
