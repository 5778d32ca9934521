package io.heaplab.allocators.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import org.junit.jupiter.api.Test;

/** The shared layer under the simplest policy on top: first fit over one list in address order. */
class CellAllocatorTest extends VariableSizeAllocatorContract {

    /** First fit, address order, the remainder of a split keeping the block's place. */
    static final class Simplest extends CellAllocator {
        private final FreeLists list;

        Simplest(AllocatorSetup setup, int cell) {
            super(setup, cell);
            list = new FreeLists(this, 1);
            claimBoundedArena();
        }

        @Override
        protected int find(int cells) {
            searches++;
            for (int block = list.head(0); block != FreeLists.NONE; block = list.next(block)) {
                if (cellsOf(block) >= cells) {
                    return block;
                }
                searches++;
            }
            return -1;
        }

        @Override
        protected void insertFree(int block, int cells) {
            list.insertInAddressOrder(0, block);
        }

        @Override
        protected void removeFree(int block, int cells) {
            list.remove(0, block);
        }

        @Override
        protected void replaceFree(int block, int cells, int successor, int successorCells) {
            list.replace(0, block, successor);
        }

        @Override
        protected void resizeFree(int block, int oldCells, int newCells) {
        }

        @Override
        protected int freeBlocksKept() {
            return list.size(0);
        }

        @Override
        public void verify() {
            super.verify();
            list.verify();
        }
    }

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new Simplest(setup, CELL);
    }

    @Test
    void aRequestTakesItsBytesAndAHeaderWordRoundedUpToCells() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            Simplest allocator = new Simplest(new AllocatorSetup(heap, 0), 32);
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
            Simplest allocator = new Simplest(new AllocatorSetup(heap, 0), CELL);
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
            Simplest allocator = new Simplest(new AllocatorSetup(heap, 0), CELL);
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
                assertThatThrownBy(() -> new Simplest(new AllocatorSetup(heap, 0), cell))
                        .isInstanceOf(SpecException.class)
                        .hasMessage("cell: " + cell + " (expected: a power of 2 from 16 to the page size, 4096)");
            }
        }
    }

    @Test
    void verifyCatchesATrampledHeader() {
        try (Heap heap = heap(CELLS * CELL)) {
            Simplest allocator = new Simplest(new AllocatorSetup(heap, 0), CELL);
            long a = allocator.allocate(bytesFor(2));
            allocator.allocate(bytesFor(2));
            heap.data().setInt(a - CellAllocator.HEADER, 5 << 2);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class);
        }
    }
}
