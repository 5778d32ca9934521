package io.heaplab.allocators.slab;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/**
 * The slab allocator that destroys a slab when its last buffer comes back, with a small largest class so that
 * large slabs of several pages and oversize blocks both meet the contract's requests.
 */
class SlabAllocatorReleaseContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new SlabAllocator(setup, 1024, true);
    }
}
