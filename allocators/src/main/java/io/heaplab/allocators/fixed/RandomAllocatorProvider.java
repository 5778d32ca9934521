package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code random}, Brent's RANDOM strategy: a block drawn uniformly from a pool of the free blocks. */
@SpiVersion(SpiVersion.CURRENT)
public final class RandomAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "random";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks drawn uniformly at random from a pool of all free blocks kept in the heap; the"
                + " benchmark to beat (Brent, MRU strategy paper, 2.2 RANDOM)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new RandomAllocator(setup);
    }
}
