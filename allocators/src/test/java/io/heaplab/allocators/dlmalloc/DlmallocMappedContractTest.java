package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/**
 * The contract, for a variant that takes the paths the contract's sizes would not reach: no tcache, fastbins up to
 * 160 bytes, a top_pad of a page, an mmap threshold of 8 KiB (regions, holes, and the break's jumps past them) and
 * the heap grown with the break.
 */
class DlmallocMappedContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new DlmallocAllocator(setup, new Tunables(0, 160, 4096, 8192, true, false));
    }

    @Override
    protected int alignment() {
        return 16;
    }
}
