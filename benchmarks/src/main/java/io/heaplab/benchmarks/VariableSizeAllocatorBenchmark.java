package io.heaplab.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@link AllocatorBenchmark} with sizes of Purdom, Stigler &amp; Cheam (BIT 10, 1970): geometric, mean 8 cells of
 * 16 bytes less an 8-byte header (120 bytes on average), under every strategy for blocks of any size.
 *
 * <p>{@code lruFaults}: 512-byte pages, {@code ceil(live * 120 / 1024)} frames (half the mean live bytes), the
 * {@value LruFaultCount#STEPS} steps after the warm-up.
 *
 * <p>{@link #reallocate} times C's {@code realloc} on the same table: each step resizes the block it would free to
 * the size it would allocate, glibc's {@code realloc} beside heaplab's allocate, copy and free.
 *
 * <p>The strategies are every registered one for blocks of any size, and malloc; run alone, name them with
 * {@code -p strategy=first-fit,tlsf,malloc}.
 */
public class VariableSizeAllocatorBenchmark extends AllocatorBenchmark {

    /** Given at run time: {@link RegistryParams#variableSizeStrategies}, as {@link BenchmarkSuite} passes them. */
    @Param({})
    public String strategy;

    @Override
    protected String strategy() {
        return strategy;
    }

    @Override
    protected BlockSizes sizes() {
        return BlockSizes.Geometric.PURDOM;
    }

    /** Resizes a live block picked by the table to the table's next size; returns its new address. */
    @Benchmark
    public long reallocate() {
        return churn().resize();
    }
}
