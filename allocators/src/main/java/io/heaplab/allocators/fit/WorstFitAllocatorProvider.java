package io.heaplab.allocators.fit;

import io.heaplab.core.spi.SpiVersion;

/** Provides {@code worst-fit}, worst fit over one free list (the course report on first, best and worst fit). */
@SpiVersion(SpiVersion.CURRENT)
public final class WorstFitAllocatorProvider extends ListFitProvider {

    /** The short name in specs. */
    public static final String NAME = "worst-fit";

    public WorstFitAllocatorProvider() {
        super(Fit.WORST);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: the largest free block, split from its low end, the whole list searched every time;"
                + " coalesced on free through boundary tags (the course report on first, best and worst fit)";
    }
}
