package io.heaplab.allocators.variable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.allocators.fit.ListFitAllocator;
import io.heaplab.allocators.fit.Order;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import org.junit.jupiter.api.Test;

/**
 * The shared layer itself, under the simplest policy on top (first fit over an address-ordered list, whose own test
 * runs the contract): request sizes in cells, merging, growth, the cell option, verify.
 */
class CellAllocatorTest {

    private static final int CELL = VariableSizeAllocatorContract.CELL;
    private static final int CELLS = VariableSizeAllocatorContract.CELLS;

    private static Heap heap(long capacity) {
        return VariableSizeAllocatorContract.heap(capacity);
    }

    private static long bytesFor(int cells) {
        return VariableSizeAllocatorContract.bytesFor(cells);
    }

    private static CellAllocator firstFit(Heap heap, int cell) {
        return new ListFitAllocator(new AllocatorSetup(heap, 0), cell, Fit.FIRST, Order.ADDRESS);
    }

    @Test
    void aRequestTakesItsBytesAndAHeaderWordRoundedUpToCells() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            CellAllocator allocator = firstFit(heap, 32);
            assertThat(allocator.cellsFor(0)).isEqualTo(1);
            assertThat(allocator.cellsFor(24)).isEqualTo(1);
            assertThat(allocator.cellsFor(25)).isEqualTo(2);
            long a = allocator.allocate(24);
            long b = allocator.allocate(25);
            assertThat(a).isEqualTo(8);
            assertThat(b).isEqualTo(32 + 8);
            assertThat(allocator.heldBytes()).isEqualTo(96);
            assertThat(heap.size()).isEqualTo(4096);
        }
    }

    @Test
    void freeingMergesWithBothNeighboursAtOnce() {
        try (Heap heap = heap(CELLS * CELL)) {
            CellAllocator allocator = firstFit(heap, CELL);
            long a = allocator.allocate(bytesFor(2));
            long b = allocator.allocate(bytesFor(3));
            long c = allocator.allocate(bytesFor(4));
            allocator.allocate(bytesFor(1));
            allocator.free(a, bytesFor(2));
            allocator.free(c, bytesFor(4));
            assertThat(allocator.freeBlocks()).isEqualTo(3);
            allocator.free(b, bytesFor(3));
            assertThat(allocator.freeBlocks()).isEqualTo(2);
            assertThat(allocator.largestFreeBytes()).isEqualTo((CELLS - 10) * CELL);
            assertThat(allocator.allocate(bytesFor(9))).isEqualTo(a);
            allocator.verify();
        }
    }

    @Test
    void aGrowableArenaExtendsTheFreeBlockAtItsTopInWholePages() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            CellAllocator allocator = firstFit(heap, CELL);
            allocator.allocate(bytesFor(200));
            assertThat(heap.size()).isEqualTo(4096);
            allocator.allocate(bytesFor(100));
            assertThat(heap.size()).isEqualTo(8192);
            assertThat(allocator.freeBlocks()).isOne();
            assertThat(allocator.freeBytes()).isEqualTo(8192 - 300 * CELL);
            allocator.verify();
        }
    }

    @Test
    void aCellMustBeAPowerOfTwoFromSixteenBytesToAPage() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            for (int cell : new int[] {8, 24, 8192}) {
                assertThatThrownBy(() -> firstFit(heap, cell))
                        .isInstanceOf(SpecException.class)
                        .hasMessage("cell: " + cell + " (expected: a power of 2 from 16 to the page size, 4096)");
            }
        }
    }

    @Test
    void verifyCatchesATrampledHeader() {
        try (Heap heap = heap(CELLS * CELL)) {
            CellAllocator allocator = firstFit(heap, CELL);
            long a = allocator.allocate(bytesFor(2));
            allocator.allocate(bytesFor(2));
            heap.data().setInt(a - CellAllocator.HEADER, 5 << 2);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class);
        }
    }
}
