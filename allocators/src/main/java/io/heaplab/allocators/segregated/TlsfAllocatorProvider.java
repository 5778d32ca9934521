package io.heaplab.allocators.segregated;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code tlsf}, Two-Level Segregated Fit (Masmano, Ripoll, Crespo &amp; Real, ECRTS 2004). */
@SpiVersion(SpiVersion.CURRENT)
public final class TlsfAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "tlsf";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: good fit in O(1), free lists by power of two and 2^sli steps within it, found"
                + " by two bitmap scans (Masmano, Ripoll, Crespo & Real 2004, TLSF)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.range("sli", OptionType.POSITIVE_INT, 1, TlsfAllocator.MAX_SLI,
                        String.valueOf(TlsfAllocator.DEFAULT_SLI), "second-level bits, 2^sli lists per power of two"),
                CellAllocator.cellOption(CellAllocator.DEFAULT_CELL,
                        "bytes per cell: a power of 2 from 16 to the page size"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new TlsfAllocator(setup, options.getInt("cell"), options.getInt("sli"));
    }
}
