package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.AllocatorSetup;

/**
 * The MOST-FREE strategy of Brent's report, compared in the MRU paper (section 2.4): when the current page is
 * full, the next one is the page of {@code S3} with the most free blocks, the emptiest partly free page.
 *
 * <p>It makes the next current page last as long as possible before another choice. Layout, costs and ties are
 * those of {@link FreeCountAllocator}: allocate and free O(1), choosing a new current page O(c / 64); among pages
 * tied on the most free blocks, the one freed into most recently. A page all of whose blocks are free is in
 * {@code S2}, not {@code S3}, and is chosen only when {@code S3} is empty, as for every current-page strategy.
 */
public final class MostFreeAllocator extends FreeCountAllocator {

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup MOST-FREE cannot serve. */
    public MostFreeAllocator(AllocatorSetup setup) {
        super(MostFreeAllocatorProvider.NAME, setup);
    }

    @Override
    protected int chooseBucket() {
        return highestNonEmptyBucket();
    }
}
