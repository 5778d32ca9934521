package io.heaplab.allocators.fit;

import io.heaplab.core.spi.SpiVersion;

/** Provides {@code best-fit}, best fit over one free list (Knuth, TAOCP 1, 2.5; the course report). */
@SpiVersion(SpiVersion.CURRENT)
public final class BestFitAllocatorProvider extends ListFitProvider {

    /** The short name in specs. */
    public static final String NAME = "best-fit";

    public BestFitAllocatorProvider() {
        super(Fit.BEST);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: the smallest free block that fits, the first of equals, an exact fit ending"
                + " the search; coalesced on free through boundary tags (Knuth, TAOCP 1, 2.5; the course report on"
                + " best fit)";
    }
}
