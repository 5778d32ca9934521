package io.heaplab.testkit;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;

/** The workload contract's first-fit allocator keeps the allocator contract, so the two agree on what is sound. */
class CheckingAllocatorContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new CheckingAllocator(setup);
    }
}
