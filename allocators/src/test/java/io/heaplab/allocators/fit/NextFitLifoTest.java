package io.heaplab.allocators.fit;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.AllocatorSetup;

/** Next fit over a LIFO list keeps the contract. */
class NextFitLifoTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.NEXT, Order.LIFO);
    }
}
