package io.heaplab.allocators.tree;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code brent-ff}, first fit in O(log n) by a tree of maxima over segments (Brent, ACM TOPLAS, 1989). */
@SpiVersion(SpiVersion.CURRENT)
public final class BrentFirstFitAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "brent-ff";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "first fit, the lowest-addressed free block that fits, found in O(log n) through a tree of the"
                + " largest free block per segment (Brent, Efficient implementation of the first-fit strategy,"
                + " ACM TOPLAS 11(3), 1989)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.range("segment", OptionType.POSITIVE_INT, 1, BrentFirstFitAllocator.MAX_SEGMENT,
                        String.valueOf(BrentFirstFitAllocator.DEFAULT_SEGMENT),
                        "cells per segment, one leaf of the tree each: a power of 2"),
                CellAllocator.cellOption(CellAllocator.DEFAULT_CELL,
                        "bytes per cell: a power of 2 from 16 to the page size; a block takes ceil((n + 8) / cell)"
                                + " cells"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        int cell = options.getInt("cell");
        int segment = options.getInt("segment");
        CellAllocator.checkCell(cell, setup.heap().pageSize());
        BrentFirstFitAllocator.checkSegment(segment);
        return new BrentFirstFitAllocator(setup, cell, segment);
    }
}
