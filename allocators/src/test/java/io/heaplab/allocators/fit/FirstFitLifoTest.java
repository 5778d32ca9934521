package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

/**
 * First fit over a LIFO list (Knuth's Algorithm C): the contract; the last freed block is found first, a merged
 * block goes to the front, a split block's rest keeps its place.
 */
class FirstFitLifoTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.FIRST, Order.LIFO);
    }

    /** Frees the holes so that the LIFO list reads 12@10, 4@23, 6@3, 2@0, 3@28, 7@249. */
    private static Row lastFreedIsTheLargest(Order order) {
        return new Row(Fit.FIRST, order).carve().free(28, 3).free(0, 2).free(3, 6).free(23, 4).free(10, 12);
    }

    @Test
    void lifoTakesTheLastFreedHoleWhereAddressOrderTakesTheLowest() {
        lastFreedIsTheLargest(Order.LIFO).expect(4, at(10), 1);
        lastFreedIsTheLargest(Order.ADDRESS).expect(4, at(3), 2);
    }

    @Test
    void aBlockMergedWithItsFreeNeighboursGoesToTheFront() {
        Row row = lastFreedIsTheLargest(Order.LIFO);
        // both neighbours free: 2@0 + the freed cell + 6@3 = 9@0, in front of 12@10
        row.free(2, 1).expect(8, at(0), 1);
        // the rest of it, 1@8, keeps the front; the right neighbour free: the freed 217@32 + 7@249 = 224@32 in front
        row.free(32, 217).expect(13, at(32), 1);
        // 211@45 in front, then 1@8, 12@10, 4@23, 3@28
        row.expect(212, Allocator.NO_FIT, 5).expect(12, at(45), 1);
    }

    @Test
    void theRestOfASplitBlockKeepsItsPlace() {
        // 4@23, 2@0, 12@10, 6@3, 7@249
        Row row = new Row(Fit.FIRST, Order.LIFO).carve().free(3, 6).free(10, 12).free(0, 2).free(23, 4);
        row.expect(5, at(10), 3); // 7@15 stays third
        row.expect(6, at(15), 3);
        row.expect(6, at(3), 4); // 4@23, 2@0, 1@21, 6@3
    }
}
