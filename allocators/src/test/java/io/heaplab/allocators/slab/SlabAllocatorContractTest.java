package io.heaplab.allocators.slab;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/** Bonwick's slab allocator, complete slabs kept until a reap (the paper's default), under the generic contract. */
class SlabAllocatorContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new SlabAllocator(setup);
    }
}
