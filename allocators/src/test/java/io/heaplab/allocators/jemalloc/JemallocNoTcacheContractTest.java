package io.heaplab.allocators.jemalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/** The allocator contract for jemalloc without a thread cache ({@code tcache=false}). */
class JemallocNoTcacheContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new JemallocAllocator(setup, false);
    }
}
