package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code dlmalloc}, Doug Lea's malloc as glibc 2.36's malloc/malloc.c implements it, for one thread. */
@SpiVersion(SpiVersion.CURRENT)
public final class DlmallocAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "dlmalloc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Doug Lea's malloc as glibc 2.36 implements it, one thread: tcache, fastbins, unsorted, small and"
                + " sorted large bins, last remainder, top grown by sbrk, large chunks mmapped (Lea 1996, glibc 2.36)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.range("tcache", OptionType.INT, 0, Tunables.MAX_TCACHE_COUNT, "7",
                        "chunks the tcache keeps per size, for requests up to 1032 bytes; 0: no tcache"),
                Option.range("fast", OptionType.INT, 0, ChunkSizes.MAX_FAST_REQUEST,
                        String.valueOf(ChunkSizes.DEFAULT_MXFAST), "M_MXFAST: the largest request fastbins serve"),
                Option.of("pad", OptionType.STRING, "128KiB",
                        "M_TOP_PAD: bytes sbrk takes beyond a request, as 4096 or 128KiB"),
                Option.of("mmap", OptionType.STRING, "128KiB",
                        "M_MMAP_THRESHOLD: chunks this large the arena cannot serve are mmapped; 0: never"),
                Option.of("dynamic", OptionType.BOOLEAN, "true",
                        "whether freeing an mmapped chunk raises the mmap threshold to its size (up to 32MiB)"),
                Option.choice("grow", List.of("touched", "sbrk"), "touched",
                        "the heap grows over the pages the arena touches (RSS) or with the break (virtual size)"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new DlmallocAllocator(setup, tunables(options));
    }

    /** The tunables {@code options} give; a malformed or out-of-range size fails with a one-line message. */
    public static Tunables tunables(Options options) {
        return new Tunables(options.getInt("tcache"), options.getInt("fast"),
                Tunables.bytes("pad", options.getString("pad")), Tunables.bytes("mmap", options.getString("mmap")),
                options.getBoolean("dynamic"), options.getString("grow").equals("touched"));
    }
}
