package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code nofree}, Brent's NOFREE strategy: blocks carved in address order and never reused. */
@SpiVersion(SpiVersion.CURRENT)
public final class NoFreeAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "nofree";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks carved in address order, page after page; freed blocks are never reused"
                + " (Brent, MRU strategy paper, 2.3 NOFREE)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new NoFreeAllocator(setup);
    }
}
