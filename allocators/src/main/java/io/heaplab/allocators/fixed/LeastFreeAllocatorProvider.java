package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code least-free}, Brent's LEAST-FREE: a current page, then the fullest partly free page. */
@SpiVersion(SpiVersion.CURRENT)
public final class LeastFreeAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "least-free";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks from a current page; when it is full, the partly free page with the fewest free"
                + " blocks, else an emptied page (LIFO), else a new one (Brent, MRU strategy paper, 2.4 LEAST-FREE)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new LeastFreeAllocator(setup);
    }
}
