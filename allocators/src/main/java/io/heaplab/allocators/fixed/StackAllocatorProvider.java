package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code stack}, Brent's STACK strategy: a LIFO free list linked through the free blocks. */
@SpiVersion(SpiVersion.CURRENT)
public final class StackAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "stack";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks from a last-in, first-out free list linked through the free blocks"
                + " (Brent, MRU strategy paper, 2.1 STACK)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new StackAllocator(setup);
    }
}
