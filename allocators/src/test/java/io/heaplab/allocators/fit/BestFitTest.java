package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

/**
 * Best fit over an address-ordered list (Knuth, TAOCP 1, 2.5; the course report): the contract, the smallest
 * block that fits, an exact fit ending the search, ties to the first in list order.
 */
class BestFitTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.BEST, Order.ADDRESS);
    }

    @Test
    void anExactFitEndsTheSearch() {
        // 2@0, 6@3, 12@10, 4@23 (exact), 3@28 and 7@249 unseen
        new Row(Fit.BEST, Order.ADDRESS).carve().freeHoles().expect(4, at(23), 4);
    }

    @Test
    void withoutAnExactFitTheWholeListIsSearchedForTheSmallest() {
        new Row(Fit.BEST, Order.ADDRESS).carve().freeHoles()
                .expect(5, at(3), 6) // 6@3 over 7@249 and 12@10
                .expect(5, at(249), 6) // 1@8, then 7@249 over 12@10
                .expect(2, at(0), 1);
    }

    @Test
    void equalBlocksGoToTheFirstInListOrder() {
        new Row(Fit.BEST, Order.ADDRESS).carve(5, 1, 5, 1, 244).free(6, 5).free(0, 5).expect(3, at(0), 2);
        new Row(Fit.BEST, Order.LIFO).carve(5, 1, 5, 1, 244).free(0, 5).free(6, 5).expect(3, at(6), 2);
    }
}
