package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code most-free}, Brent's MOST-FREE: a current page, then the emptiest partly free page. */
@SpiVersion(SpiVersion.CURRENT)
public final class MostFreeAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "most-free";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks from a current page; when it is full, the partly free page with the most free"
                + " blocks, else an emptied page (LIFO), else a new one (Brent, MRU strategy paper, 2.4 MOST-FREE)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new MostFreeAllocator(setup);
    }
}
