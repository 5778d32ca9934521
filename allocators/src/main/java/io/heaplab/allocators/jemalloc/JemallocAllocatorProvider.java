package io.heaplab.allocators.jemalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code jemalloc}, jemalloc 5.3.0 for one thread and one arena (github.com/jemalloc/jemalloc). */
@SpiVersion(SpiVersion.CURRENT)
public final class JemallocAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "jemalloc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "jemalloc 5.3.0, one thread and one arena: size classes 8, 16, 32, 48 ... four per doubling, small ones"
                + " from slabs with region bitmaps, a thread cache, page extents split and coalesced, oldest first"
                + " (Evans 2006, jemalloc 5.3.0)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.of("tcache", OptionType.BOOLEAN, "true",
                "whether the thread caches freed blocks up to 32 KiB (opt_tcache)"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new JemallocAllocator(setup, options.getBoolean("tcache"));
    }
}
