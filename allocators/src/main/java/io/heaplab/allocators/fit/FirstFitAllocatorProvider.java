package io.heaplab.allocators.fit;

import io.heaplab.core.spi.SpiVersion;

/** Provides {@code first-fit}, first fit over one free list (Knuth, TAOCP 1, 2.5, Algorithm A; the course report). */
@SpiVersion(SpiVersion.CURRENT)
public final class FirstFitAllocatorProvider extends ListFitProvider {

    /** The short name in specs. */
    public static final String NAME = "first-fit";

    public FirstFitAllocatorProvider() {
        super(Fit.FIRST);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: the first free block in list order that fits, split from its low end,"
                + " coalesced on free through boundary tags; list in address or LIFO order (Knuth, TAOCP 1, 2.5,"
                + " Algorithms A-C)";
    }
}
