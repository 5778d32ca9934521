package io.heaplab.allocators.fit;

import io.heaplab.core.spi.SpiVersion;

/** Provides {@code next-fit}, next fit over one free list (Knuth, TAOCP 1, 2.5, exercise 6: the roving pointer). */
@SpiVersion(SpiVersion.CURRENT)
public final class NextFitAllocatorProvider extends ListFitProvider {

    /** The short name in specs. */
    public static final String NAME = "next-fit";

    public NextFitAllocatorProvider() {
        super(Fit.NEXT);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: first fit starting where the last search ended and wrapping around once,"
                + " coalesced on free through boundary tags (Knuth, TAOCP 1, 2.5, exercise 6, the roving pointer)";
    }
}
