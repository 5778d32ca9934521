package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/** The contract, for glibc's malloc as it starts. */
class DlmallocAllocatorContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new DlmallocAllocator(setup);
    }

    /** Blocks are 16-byte aligned, as glibc's on x86-64. */
    @Override
    protected int alignment() {
        return 16;
    }
}
