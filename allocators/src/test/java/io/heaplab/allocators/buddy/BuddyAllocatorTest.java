package io.heaplab.allocators.buddy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.testkit.LiveBlocks;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The binary buddy system: the contract of every variable-size strategy, then splitting, merging and rounding. */
class BuddyAllocatorTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new BuddyAllocator(setup, CELL);
    }

    /** A request is rounded up to a power of two: a rejection may leave a run of free cells that would hold it. */
    @Override
    protected boolean rejectsOnlyWhenNothingFits() {
        return false;
    }

    private static BuddyAllocator buddy(Heap heap) {
        return new BuddyAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), CELL);
    }

    private static long addressOf(int cell) {
        return (long) cell * CELL + BuddyAllocator.HEADER;
    }

    @Test
    void splittingA256CellArenaForOneCellLeavesOneFreeBlockOfEachOrderBelowIt() {
        try (Heap heap = heap(CELLS * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(addressOf(0));
            assertThat(allocator.searches()).as("lists 0 to 8 looked at, a hit on the last").isEqualTo(9);
            for (int k = 0; k <= 7; k++) {
                assertThat(allocator.isFree(1 << k)).as("block at cell %d", 1 << k).isTrue();
                assertThat(allocator.orderOf(1 << k)).as("order of the block at cell %d", 1 << k).isEqualTo(k);
                assertThat(allocator.listHead(k)).isEqualTo(1 << k);
                assertThat(allocator.listSize(k)).isOne();
            }
            assertThat(allocator.listSize(8)).isZero();
            assertThat(allocator.isFree(0)).isFalse();
            assertThat(allocator.orderOf(0)).isZero();
            assertThat(allocator.freeBlocks()).isEqualTo(8);
            assertThat(allocator.freeBytes()).isEqualTo(255 * CELL);
            assertThat(allocator.largestFreeBytes()).isEqualTo(128 * CELL);
            assertThat(allocator.heldBytes()).isEqualTo(CELL);
            allocator.verify();

            // each of these hits the list of its own order at once: one search
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(addressOf(1));
            assertThat(allocator.searches()).isEqualTo(10);
            assertThat(allocator.allocate(bytesFor(2))).isEqualTo(addressOf(2));
            assertThat(allocator.searches()).isEqualTo(11);
            assertThat(allocator.allocate(bytesFor(3))).isEqualTo(addressOf(4));
            assertThat(allocator.searches()).isEqualTo(12);
            // order 0 is empty now: lists 0, 1 and 2 are empty, 3 holds cell 8, split into 8 (taken), 9, 10 and 12
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(addressOf(8));
            assertThat(allocator.searches()).isEqualTo(16);
            assertThat(allocator.listHead(0)).isEqualTo(9);
            assertThat(allocator.listHead(1)).isEqualTo(10);
            assertThat(allocator.listHead(2)).isEqualTo(12);
            allocator.verify();
        }
    }

    @Test
    void aFreedBlockMergesWithItsBuddyButNotWithAFreeNeighbourOfTheSameSize() {
        try (Heap heap = heap(CELLS * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            long a = allocator.allocate(bytesFor(2));
            long b = allocator.allocate(bytesFor(2));
            long c = allocator.allocate(bytesFor(2));
            long d = allocator.allocate(bytesFor(2));
            assertThat(new long[] {a, b, c, d}).containsExactly(addressOf(0), addressOf(2), addressOf(4),
                    addressOf(6));
            assertThat(allocator.freeBlocks()).as("orders 3 to 7 at cells 8 to 128").isEqualTo(5);

            allocator.free(b, bytesFor(2));
            allocator.free(c, bytesFor(2));
            // cells 2-3 and 4-5 are free neighbours of order 1 but not buddies: 2's buddy is 0, 4's is 6
            assertThat(allocator.freeBlocks()).isEqualTo(7);
            assertThat(allocator.isFree(2)).isTrue();
            assertThat(allocator.orderOf(2)).isEqualTo(1);
            assertThat(allocator.isFree(4)).isTrue();
            assertThat(allocator.orderOf(4)).isEqualTo(1);
            allocator.verify();

            allocator.free(a, bytesFor(2));
            // 0 merges with its buddy 2 into an order-2 block; that block's buddy, 4, is free but of order 1
            assertThat(allocator.isFree(0)).isTrue();
            assertThat(allocator.orderOf(0)).isEqualTo(2);
            assertThat(allocator.orderOf(4)).isEqualTo(1);
            assertThat(allocator.freeBlocks()).isEqualTo(7);
            allocator.verify();

            allocator.free(d, bytesFor(2));
            // 6 merges with 4, then with 0, 8, 16, ... up to the whole arena
            assertThat(allocator.freeBlocks()).isOne();
            assertThat(allocator.orderOf(0)).isEqualTo(8);
            assertThat(allocator.largestFreeBytes()).isEqualTo(CELLS * CELL);
            allocator.verify();
        }
    }

    @Test
    void aRequestIsRoundedUpToAPowerOfTwoCells() {
        try (Heap heap = heap(CELLS * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            assertThat(allocator.cellsFor(bytesFor(5))).isEqualTo(5);
            assertThat(BuddyAllocator.orderFor(5)).isEqualTo(3);
            assertThat(BuddyAllocator.orderFor(8)).isEqualTo(3);
            assertThat(BuddyAllocator.orderFor(9)).isEqualTo(4);
            assertThat(BuddyAllocator.orderFor(1)).isZero();
            long five = allocator.allocate(bytesFor(5));
            assertThat(five).isEqualTo(addressOf(0));
            assertThat(allocator.heldBytes()).isEqualTo(8 * CELL);
            assertThat(allocator.orderOf(0)).isEqualTo(3);
            assertThat(allocator.allocate(bytesFor(1))).as("not at cell 5: cells 5-7 belong to the first block")
                    .isEqualTo(addressOf(8));
            long nine = allocator.allocate(bytesFor(9));
            assertThat(nine).isEqualTo(addressOf(16));
            assertThat(allocator.heldBytes()).isEqualTo((8 + 1 + 16) * CELL);
            assertThat(allocator.allocate(0)).as("zero bytes still take a cell").isEqualTo(addressOf(9));
            assertThat(allocator.heldBytes()).isEqualTo((8 + 1 + 16 + 1) * CELL);
            allocator.free(five, bytesFor(5));
            allocator.free(nine, bytesFor(9));
            assertThat(allocator.heldBytes()).isEqualTo(2 * CELL);
            allocator.verify();
        }
    }

    @Test
    void aGrowableArenaStartsAtAPageAndDoublesWithItsNewHalfTheOldArenasBuddy() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            BuddyAllocator allocator = buddy(heap);
            assertThat(allocator.arenaBytes()).isZero();
            long first = allocator.allocate(bytesFor(1));
            assertThat(first).isEqualTo(addressOf(0));
            assertThat(allocator.arenaCells()).as("one page of 16-byte cells").isEqualTo(256);
            assertThat(heap.size()).isEqualTo(4096);

            long second = allocator.allocate(bytesFor(200));
            assertThat(second).as("the new upper half, cells 256-511").isEqualTo(addressOf(256));
            assertThat(allocator.arenaCells()).isEqualTo(512);
            assertThat(heap.size()).isEqualTo(8192);

            long third = allocator.allocate(bytesFor(1000));
            assertThat(third).as("two doublings: 512-1023 stays free, 1024-2047 is taken").isEqualTo(addressOf(1024));
            assertThat(allocator.arenaCells()).isEqualTo(2048);
            assertThat(heap.size()).isEqualTo(2048 * CELL);
            assertThat(allocator.isFree(512)).isTrue();
            assertThat(allocator.orderOf(512)).isEqualTo(9);
            assertThat(allocator.freeBlocks()).as("orders 0 to 7 from the first split, and 9").isEqualTo(9);
            allocator.verify();

            allocator.free(first, bytesFor(1));
            allocator.free(second, bytesFor(200));
            assertThat(allocator.orderOf(0)).as("0-1023 merged across the first doubling").isEqualTo(10);
            allocator.free(third, bytesFor(1000));
            assertThat(allocator.freeBlocks()).isOne();
            assertThat(allocator.largestFreeBytes()).isEqualTo(allocator.arenaBytes()).isEqualTo(2048 * CELL);
            allocator.verify();

            // a free whole arena merges with the new half: it doubles into one free block
            long big = allocator.allocate(bytesFor(4000));
            assertThat(big).isEqualTo(addressOf(0));
            assertThat(allocator.arenaCells()).isEqualTo(4096);
            assertThat(allocator.freeBlocks()).isZero();
            allocator.verify();
        }
    }

    @Test
    void theFirstGrowthMakesAnArenaOfTheRequestWhenItIsLargerThanAPage() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            BuddyAllocator allocator = buddy(heap);
            assertThat(allocator.allocate(bytesFor(1000))).isEqualTo(addressOf(0));
            assertThat(allocator.arenaCells()).isEqualTo(1024);
            assertThat(heap.size()).isEqualTo(1024 * CELL);
            assertThat(allocator.freeBlocks()).isZero();
            assertThat(allocator.searches()).as("no list to look at: one search").isOne();
            allocator.verify();
        }
    }

    @Test
    void aNonPowerOfTwoBoundedArenaIsItsBinaryDigitsAndNeverMergesAcrossThem() {
        try (Heap heap = heap(6 * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            assertThat(allocator.arenaCells()).isEqualTo(6);
            assertThat(allocator.freeBlocks()).isEqualTo(2);
            assertThat(allocator.orderOf(0)).isEqualTo(2);
            assertThat(allocator.orderOf(4)).isEqualTo(1);
            assertThat(allocator.largestFreeBytes()).isEqualTo(4 * CELL);
            assertThat(allocator.allocate(bytesFor(5))).as("no block of 8 cells").isEqualTo(Allocator.NO_FIT);
            allocator.verify();

            long[] blocks = new long[6];
            for (int i = 0; i < 6; i++) {
                blocks[i] = allocator.allocate(bytesFor(1));
            }
            assertThat(blocks).containsExactlyInAnyOrder(addressOf(0), addressOf(1), addressOf(2), addressOf(3),
                    addressOf(4), addressOf(5));
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(Allocator.NO_FIT);
            for (int i : new int[] {5, 4, 0, 1, 3, 2}) {
                allocator.free(addressOf(i), bytesFor(1));
                allocator.verify();
            }
            // cells 4-5 never merge with 0-3: their would-be parent, cells 4-7, leaves the arena
            assertThat(allocator.freeBlocks()).isEqualTo(2);
            assertThat(allocator.orderOf(0)).isEqualTo(2);
            assertThat(allocator.orderOf(4)).isEqualTo(1);
            long two = allocator.allocate(bytesFor(2));
            assertThat(two).as("the order-1 top block, not a split of the order-2 one").isEqualTo(addressOf(4));
        }
    }

    @Test
    void freeingEverythingInABoundedArenaLeavesOneFreeBlockPerBinaryDigitOfItsSize() {
        for (int cells : new int[] {7, 12, 100, 255, 513}) {
            try (Heap heap = heap((long) cells * CELL)) {
                BuddyAllocator allocator = buddy(heap);
                LiveBlocks live = new LiveBlocks(heap);
                SplittableRandom random = new SplittableRandom(cells);
                for (int i = 0; i < 2000; i++) {
                    if (live.size() > 0 && random.nextInt(100) < 45) {
                        free(allocator, live, random.nextInt(live.size()));
                    } else {
                        long size = bytesFor(1 + random.nextInt(random.nextBoolean() ? 4 : 40));
                        long address = allocator.allocate(size);
                        if (address != Allocator.NO_FIT) {
                            live.add(address, size);
                        }
                    }
                }
                allocator.verify();
                while (live.size() > 0) {
                    free(allocator, live, random.nextInt(live.size()));
                }
                allocator.verify();
                assertThat(allocator.freeBlocks()).as("%d cells", cells).isEqualTo(Integer.bitCount(cells));
                int top = 0;
                for (int k = 31; k >= 0; k--) {
                    if ((cells & 1 << k) != 0) {
                        assertThat(allocator.isFree(top)).isTrue();
                        assertThat(allocator.orderOf(top)).as("top block at %d of %d cells", top, cells).isEqualTo(k);
                        top += 1 << k;
                    }
                }
                assertThat(allocator.largestFreeBytes()).isEqualTo((long) Integer.highestOneBit(cells) * CELL);
            }
        }
    }

    @Test
    void verifyCatchesAWrongOrderInAHeader() {
        try (Heap heap = heap(CELLS * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            long a = allocator.allocate(bytesFor(2));
            allocator.allocate(bytesFor(2));
            // order 3: the block would swallow the free block of order 2 at cell 4
            heap.data().setInt(a - BuddyAllocator.HEADER, 3 << 1);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void verifyCatchesABrokenBackLink() {
        try (Heap heap = heap(CELLS * CELL)) {
            BuddyAllocator allocator = buddy(heap);
            allocator.allocate(bytesFor(1));
            allocator.allocate(bytesFor(1));
            // the free block of order 1 at cell 2 is alone on its list: its predecessor link (byte 8) must be -1
            heap.data().setInt(2L * CELL + 8, 7);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("free list 1: block 2 links back to 7 (expected: -1)");
        }
    }

    @Test
    void theProviderIsCalledBuddyAndChecksItsCell() {
        AllocatorProvider provider = new BuddyAllocatorProvider();
        assertThat(provider.name()).isEqualTo("buddy");
        try (Heap heap = heap(CELLS * CELL)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            Allocator allocator = provider.create(Options.bind(provider, Spec.parse("buddy")), setup);
            assertThat(allocator).isInstanceOf(BuddyAllocator.class);
            assertThat(((BuddyAllocator) allocator).cellSize()).isEqualTo(16);
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(addressOf(0));
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("buddy:cell=24")), setup))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("cell: 24 (expected: a power of 2 from 16 to the page size, 4096)");
        }
        try (Heap heap = heap(CELLS * 32)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            BuddyAllocator allocator = (BuddyAllocator) provider.create(
                    Options.bind(provider, Spec.parse("buddy:cell=32")), setup);
            assertThat(allocator.cellSize()).isEqualTo(32);
            assertThat(allocator.arenaCells()).isEqualTo(CELLS);
            assertThat(allocator.cellsFor(24)).isOne();
            assertThat(allocator.cellsFor(25)).isEqualTo(2);
        }
    }
}
