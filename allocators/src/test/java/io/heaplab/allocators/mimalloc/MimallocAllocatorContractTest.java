package io.heaplab.allocators.mimalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/**
 * The contract, with slices of 4 KiB: the contract's bounded heap of 16 pages cannot hold mimalloc's own 64 KiB
 * segment info slice, but holds the static page, a 44 KiB info and four 4 KiB small pages. Real-sized slices are
 * exercised in growable heaps by {@link MimallocAllocatorPropertyTest}.
 */
class MimallocAllocatorContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new MimallocAllocator(setup, 4096);
    }
}
