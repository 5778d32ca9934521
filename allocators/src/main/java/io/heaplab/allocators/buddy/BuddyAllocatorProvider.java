package io.heaplab.allocators.buddy;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code buddy}, the binary buddy system of Knowlton (CACM 8, 1965; Knuth TAOCP 1, 2.5). */
@SpiVersion(SpiVersion.CURRENT)
public final class BuddyAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "buddy";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size rounded up to 2^k cells, split in halves and merged with their buddies"
                + " (Knowlton, A fast storage allocator, CACM 8, 1965)";
    }

    @Override
    public List<Option> options() {
        return List.of(CellAllocator.cellOption(BuddyAllocator.DEFAULT_CELL,
                "bytes per cell: a power of 2 from 16 to the page size; a block is 2^k cells, the first 8 bytes"
                        + " its header"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        int cell = options.getInt("cell");
        CellAllocator.checkCell(cell, setup.heap().pageSize());
        return new BuddyAllocator(setup, cell);
    }
}
