package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

/**
 * Worst fit over an address-ordered list (the course report on first, best and worst fit): the contract, the
 * largest block after a search of the whole list, ties to the first in list order.
 */
class WorstFitTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.WORST, Order.ADDRESS);
    }

    @Test
    void takesTheLargestBlockEvenWhenAnotherFitsExactly() {
        // 2@0, 6@3, 12@10, 4@23, 3@28, 7@249
        new Row(Fit.WORST, Order.ADDRESS).carve().freeHoles()
                .expect(4, at(10), 6) // not 4@23
                .expect(4, at(14), 6) // 8@14 is still the largest
                .expect(4, at(249), 6) // now 7@249
                .expect(8, Allocator.NO_FIT, 6);
    }

    @Test
    void equalBlocksGoToTheFirstInListOrder() {
        new Row(Fit.WORST, Order.ADDRESS).carve(5, 1, 5, 1, 244).free(6, 5).free(0, 5).expect(3, at(0), 2);
        new Row(Fit.WORST, Order.LIFO).carve(5, 1, 5, 1, 244).free(0, 5).free(6, 5).expect(3, at(6), 2);
    }
}
