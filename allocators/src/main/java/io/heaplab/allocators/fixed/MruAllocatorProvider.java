package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;

/** Provides {@code mru}, Brent's MRU strategy: a current page, then the partly free page freed into last. */
@SpiVersion(SpiVersion.CURRENT)
public final class MruAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "mru";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "fixed-size blocks from a current page; when it is full, the partly free page freed into most"
                + " recently, else an emptied page (LIFO), else a new one (Brent, MRU strategy paper, 2.4-2.5 MRU)";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new MruAllocator(setup);
    }
}
