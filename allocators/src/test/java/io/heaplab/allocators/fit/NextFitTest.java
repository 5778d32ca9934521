package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

/**
 * Next fit over an address-ordered list (Knuth, exercise 2.5-6): the contract, and the roving pointer, which
 * starts each search where the last one ended, wraps around once, and follows its block when it leaves the list.
 */
class NextFitTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.NEXT, Order.ADDRESS);
    }

    @Test
    void theRoverGoesOnAfterTheLastTakenBlockAndWrapsAround() {
        // free: 2@0, 6@3, 12@10, 4@23, 3@28, 7@249; carving the row left the rover on 7@249
        new Row(Fit.NEXT, Order.ADDRESS).carve().freeHoles()
                .expect(4, at(249), 1) // the rover on its rest, 3@253
                .expect(4, at(3), 3) // 3@253, wrap, 2@0, 6@3; the rover on its rest, 2@7
                .expect(2, at(7), 1) // taken whole: the rover on the next block, 12@10
                .expect(1, at(10), 1) // where first fit would take 2@0; the rover on 11@11
                .expect(20, Allocator.NO_FIT, 5) // once around: 11@11, 4@23, 3@28, 3@253, 2@0
                .expect(1, at(11), 1); // a failed search leaves the rover where it was
    }

    @Test
    void takingTheLastBlockWholeSendsTheRoverToTheHead() {
        new Row(Fit.NEXT, Order.ADDRESS).carve().freeHoles()
                .expect(7, at(249), 1) // taken whole, the last block: the rover on the head
                .expect(1, at(0), 1) // the rover on its rest, 1@1
                .expect(2, at(3), 2);
    }

    @Test
    void theRoverFollowsItsBlockIntoAMerge() {
        Row row = new Row(Fit.NEXT, Order.ADDRESS).carve().freeHoles().expect(4, at(249), 1);
        // the rover on 3@253; freeing 4@249 merges it in from the left: the merged 7@249 takes its place
        row.free(249, 4).expect(1, at(249), 1);
    }

    @Test
    void whenItsBlockIsMergedIntoTheLeftNeighbourTheRoverMovesToTheNextBlock() {
        // 2@0 1 4@3 1 3@8 1 5@12 1 238@18, holes at 0, 3, 8 and 12
        Row row = new Row(Fit.NEXT, Order.ADDRESS).carve(2, 1, 4, 1, 3, 1, 5, 1, 238)
                .free(0, 2).free(3, 4).free(8, 3).free(12, 5);
        row.expect(4, at(3), 2); // taken whole: the rover on 3@8
        row.free(3, 4); // back in the list, the rover stays on 3@8
        // freeing the cell at 7 merges 4@3 and 3@8 into 8@3: 3@8 leaves the list, the rover moves to 5@12
        row.free(7, 1).expect(1, at(12), 1);
    }
}
