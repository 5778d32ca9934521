package io.heaplab.allocators.mimalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code mimalloc}, free list sharding in pages and segments (Leijen, Zorn &amp; de Moura 2019). */
@SpiVersion(SpiVersion.CURRENT)
public final class MimallocAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "mimalloc";

    /** The slice sizes the model takes, 4 KiB to mimalloc's 64 KiB. */
    static final List<Integer> SLICES = List.of(4096, 8192, 16384, 32768, 65536);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: pages of one size class each with their own free, local-free and thread-free"
                + " lists, extended lazily, in 32 MiB segments of 64 KiB slices (Leijen, Zorn & de Moura 2019;"
                + " mimalloc 2.0.9)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.choice("slice", OptionType.POSITIVE_INT, SLICES, String.valueOf(Geometry.DEFAULT_SLICE),
                "bytes per slice; pages, segments and size limits scale with it (65536 is mimalloc's)"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new MimallocAllocator(setup, options.getInt("slice"));
    }
}
