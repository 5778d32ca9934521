package io.heaplab.allocators.fit;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.AllocatorSetup;

/** Worst fit over a LIFO list keeps the contract. */
class WorstFitLifoTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.WORST, Order.LIFO);
    }
}
