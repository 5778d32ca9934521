package io.heaplab.core.spi;

/** Makes one allocation strategy; found by {@link java.util.ServiceLoader}. */
public interface AllocatorProvider extends Plugin {

    /**
     * Creates the strategy for {@code setup}; a setup it cannot serve (a fixed-size strategy under a workload of
     * varied sizes) fails with a one-line {@link SpecException}.
     */
    Allocator create(Options options, AllocatorSetup setup);
}
