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

/** Provides {@code segregated}, Purdom, Stigler &amp; Cheam's segregated storage (1970, section 2). */
@SpiVersion(SpiVersion.CURRENT)
public final class SegregatedStorageAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "segregated";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: free lists by size bounds a_i, the first block of the next larger non-empty list,"
                + " else a search of the request's own list (Purdom, Stigler & Cheam 1970, segregated storage)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.of("bounds", OptionType.STRING, SegregatedStorageAllocator.POWERS,
                        "the list bounds a_1/a_2/... in cells, strictly increasing (list i holds a_(i-1) < size <="
                                + " a_i, one more list the larger blocks); 'powers' for 1/2/4/8/..."),
                CellAllocator.cellOption(CellAllocator.DEFAULT_CELL,
                        "bytes per cell: a power of 2 from 16 to the page size"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new SegregatedStorageAllocator(setup, options.getInt("cell"),
                SegregatedStorageAllocator.parseBounds(options.getString("bounds")));
    }
}
