package io.heaplab.allocators.mruff;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;

/**
 * Brent's MRU strategy for varied sizes under the generic contract; its layout and rules are checked in
 * {@link MruFirstFitAllocatorTest}, which cannot extend the contract as it builds its heaps with other page sizes.
 */
class MruFirstFitAllocatorContractTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new MruFirstFitAllocator(setup);
    }
}
