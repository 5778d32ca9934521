package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.AllocatorSetup;

/**
 * The LEAST-FREE strategy of Brent's report, compared in the MRU paper (section 2.4): when the current page is
 * full, the next one is the page of {@code S3} with the fewest free blocks, the fullest partly free page.
 *
 * <p>It packs the blocks in use into as few pages as it can, leaving the emptier pages to drain into {@code S2}.
 * Layout, costs and ties are those of {@link FreeCountAllocator}: allocate and free O(1), choosing a new current
 * page O(c / 64); among pages tied on the fewest free blocks, the one freed into most recently.
 */
public final class LeastFreeAllocator extends FreeCountAllocator {

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup LEAST-FREE cannot serve. */
    public LeastFreeAllocator(AllocatorSetup setup) {
        super(LeastFreeAllocatorProvider.NAME, setup);
    }

    @Override
    protected int chooseBucket() {
        return lowestNonEmptyBucket();
    }
}
