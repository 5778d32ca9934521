package io.heaplab.allocators.slab;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code slab}, Bonwick's slab allocator behind a general malloc (USENIX Summer 1994). */
@SpiVersion(SpiVersion.CURRENT)
public final class SlabAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "slab";

    /** The values of {@code empty}: keep complete slabs until a reap, or release them at once. */
    static final List<String> EMPTY = List.of("keep", "release");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: one object cache per size class, slabs on full/partial/complete lists with"
                + " in-buffer free lists and colouring, whole pages above the largest class (Bonwick 1994, the"
                + " slab allocator, as kmem_alloc)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.choice("largest", OptionType.POSITIVE_INT, CacheSizes.LARGEST_VALUES,
                        String.valueOf(CacheSizes.DEFAULT_LARGEST),
                        "the largest size class in bytes; larger requests take whole pages"),
                Option.choice("empty", EMPTY, SlabAllocator.DEFAULT_RELEASE ? "release" : "keep",
                        "a slab whose last buffer is freed: keep it until a full heap reaps the caches, or release"
                                + " its pages at once"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new SlabAllocator(setup, options.getInt("largest"), options.getString("empty").equals("release"));
    }
}
