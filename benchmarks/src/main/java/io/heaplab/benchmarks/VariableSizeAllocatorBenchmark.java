package io.heaplab.benchmarks;

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

    @Override
    protected String strategy() {
        return strategy;
    }

    @Override
    protected BlockSizes sizes() {
        return BlockSizes.Geometric.PURDOM;
    }
}
