package io.heaplab.allocators.fit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;

/**
 * A bounded heap of 256 cells of 16 bytes carved into a row of blocks of chosen sizes, some freed to make holes,
 * so a test can predict the address and the searches of every request.
 *
 * <p>{@link #LAYOUT}: blocks of 2, 1, 6, 1, 12, 1, 4, 1, 3, 1 and 217 cells from cell 0, and a free block of 7
 * cells at the top (cell 249) where next fit's rover stays. {@link #freeHoles} frees the blocks at cells 0, 3, 10,
 * 23 and 28 (2, 6, 12, 4 and 3 cells), separated by the one-cell blocks that are still in use.
 */
final class Row {

    static final int CELL = 16;
    static final int CELLS = 256;
    static final int[] LAYOUT = {2, 1, 6, 1, 12, 1, 4, 1, 3, 1, 217};
    static final int TOP = 249;

    final Heap heap = new Heap(4096, CELLS * CELL, new ReferenceRecorder(List.of()), true);
    final ListFitAllocator allocator;

    Row(Fit fit, Order order) {
        allocator = new ListFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), fit, order);
    }

    /** The address a block starting at {@code cell} hands out. */
    static long at(int cell) {
        return (long) cell * CELL + CellAllocator.HEADER;
    }

    /** A request that takes {@code cells} cells. */
    static long bytesFor(int cells) {
        return (long) cells * CELL - CellAllocator.HEADER;
    }

    /** Allocates blocks of {@code sizes} cells one after the other, checking each lands right after the last. */
    Row carve(int... sizes) {
        int cell = 0;
        for (int size : sizes) {
            assertThat(allocator.allocate(bytesFor(size))).as("block of %d cells", size).isEqualTo(at(cell));
            cell += size;
        }
        allocator.verify();
        return this;
    }

    /** {@link #LAYOUT}, with the top 7 cells left free. */
    Row carve() {
        return carve(LAYOUT);
    }

    /** Frees the block at {@code cell} of {@code cells} cells. */
    Row free(int cell, int cells) {
        allocator.free(at(cell), bytesFor(cells));
        allocator.verify();
        return this;
    }

    /** Frees the holes of {@link #LAYOUT} in address order. */
    Row freeHoles() {
        return free(0, 2).free(3, 6).free(10, 12).free(23, 4).free(28, 3);
    }

    /** Requests {@code cells} cells and checks the address handed out (or -1) and the searches it took. */
    Row expect(int cells, long address, long searches) {
        long before = allocator.searches();
        assertThat(allocator.allocate(bytesFor(cells))).as("%s fit, %s order: address for %d cells",
                allocator.fit(), allocator.order(), cells).isEqualTo(address);
        assertThat(allocator.searches() - before).as("%s fit, %s order: searches for %d cells", allocator.fit(),
                allocator.order(), cells).isEqualTo(searches);
        allocator.verify();
        return this;
    }
}
