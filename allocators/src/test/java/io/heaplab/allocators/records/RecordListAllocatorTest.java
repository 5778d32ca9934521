package io.heaplab.allocators.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's allocator worked by hand: where blocks and remainders go, what searches cost, what merges. */
class RecordListAllocatorTest {

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true);
    }

    private static RecordListAllocator allocator(Heap heap, Fit fit, RecordOrder order, boolean coalesce) {
        return new RecordListAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), fit, order, coalesce, 1);
    }

    /** Free blocks of {@code sizes}, made as the report's experiment makes them: allocated, then freed in order. */
    private static long[] freeBlocks(RecordListAllocator allocator, long... sizes) {
        long[] addresses = new long[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            addresses[i] = allocator.allocate(sizes[i]);
        }
        for (int i = 0; i < sizes.length; i++) {
            allocator.free(addresses[i], sizes[i]);
        }
        return addresses;
    }

    @Test
    void firstFitTakesTheFrontBlockAndSendsItsRemainderToTheBack() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.INSERTION, false);
            long[] blocks = freeBlocks(allocator, 5, 6, 7);
            long searchesBefore = allocator.searches();
            assertThat(allocator.allocate(4)).isEqualTo(blocks[0]);
            assertThat(allocator.searches() - searchesBefore).as("one record examined").isEqualTo(1);
            // 6, 7, then the 1-byte remainder of 5
            assertThat(allocator.freeBlockBytes()).containsExactly(6, 7, 1);
            assertThat(allocator.allocate(4)).isEqualTo(blocks[1]);
            assertThat(allocator.freeBlockBytes()).containsExactly(7, 1, 2);
            allocator.verify();
        }
    }

    @Test
    void smallLeftoversAtTheFrontMakeFirstFitWalk() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.INSERTION, false);
            long[] blocks = freeBlocks(allocator, 5, 6, 7, 12);
            long searchesBefore = allocator.searches();
            // 8 bytes: 5, 6 and 7 are too small, 12 fits and leaves 4 at the back
            assertThat(allocator.allocate(8)).isEqualTo(blocks[3]);
            assertThat(allocator.searches() - searchesBefore).isEqualTo(4);
            assertThat(allocator.freeBlockBytes()).containsExactly(5, 6, 7, 4);
        }
    }

    @Test
    void bestFitWalksToAnExactFitAndWorstFitWalksEverything() {
        try (Heap heap = heap()) {
            RecordListAllocator best = allocator(heap, Fit.BEST, RecordOrder.INSERTION, false);
            long[] blocks = freeBlocks(best, 9, 20, 8, 30);
            long before = best.searches();
            assertThat(best.allocate(8)).isEqualTo(blocks[2]);
            assertThat(best.searches() - before).as("stops at the exact fit").isEqualTo(3);
            assertThat(best.allocate(10)).isEqualTo(blocks[1]);
            assertThat(best.freeBlockBytes()).containsExactly(9, 30, 10);
        }
        try (Heap heap = heap()) {
            RecordListAllocator worst = allocator(heap, Fit.WORST, RecordOrder.INSERTION, false);
            long[] blocks = freeBlocks(worst, 9, 20, 8, 30);
            long before = worst.searches();
            assertThat(worst.allocate(8)).isEqualTo(blocks[3]);
            assertThat(worst.searches() - before).isEqualTo(4);
            assertThat(worst.freeBlockBytes()).containsExactly(9, 20, 8, 22);
        }
    }

    @Test
    void aRequestNothingFitsTakesExactlyItsSizeAtTheBreak() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.INSERTION, false);
            freeBlocks(allocator, 5);
            long breakBefore = heap.size();
            long address = allocator.allocate(100);
            assertThat(address).isEqualTo(breakBefore);
            assertThat(heap.size()).isEqualTo(breakBefore + 100);
            assertThat(allocator.heldBytes()).isEqualTo(100);
        }
    }

    @Test
    void freeWalksTheListInUseFromTheFront() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.INSERTION, false);
            List<Long> blocks = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                blocks.add(allocator.allocate(16));
            }
            long before = allocator.searches();
            allocator.free(blocks.get(0), 16);
            assertThat(allocator.searches() - before).as("the first in use is at the front").isEqualTo(1);
            before = allocator.searches();
            allocator.free(blocks.get(9), 16);
            assertThat(allocator.searches() - before).as("the last, behind 8 others").isEqualTo(9);
            assertThatThrownBy(() -> allocator.free(12345, 16)).hasMessageContaining("address 12345");
        }
    }

    @Test
    void withoutCoalescingNeighboursStayApartAndWithItTheyMerge() {
        for (RecordOrder order : RecordOrder.values()) {
            try (Heap heap = heap()) {
                RecordListAllocator plain = allocator(heap, Fit.FIRST, order, false);
                freeBlocks(plain, 10, 20, 30);
                assertThat(plain.freeRecords()).isEqualTo(3);
                assertThat(plain.allocate(50)).as("%s: no block of 50 without merging", order)
                        .isGreaterThanOrEqualTo(60);
            }
            try (Heap heap = heap()) {
                RecordListAllocator merging = allocator(heap, Fit.FIRST, order, true);
                long[] blocks = freeBlocks(merging, 10, 20, 30);
                assertThat(merging.freeBlockBytes()).as("%s: merged into one", order).containsExactly(60);
                assertThat(merging.allocate(50)).isEqualTo(blocks[0]);
                merging.verify();
            }
        }
    }

    @Test
    void inAddressOrderTheRemainderKeepsTheBlocksPlaceAndFreedBlocksFindTheirs() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.ADDRESS, false);
            long[] blocks = new long[4];
            for (int i = 0; i < 4; i++) {
                blocks[i] = allocator.allocate(10 * (i + 1));
            }
            allocator.free(blocks[2], 30);
            allocator.free(blocks[0], 10);
            assertThat(allocator.freeBlockBytes()).containsExactly(10, 30);
            assertThat(allocator.allocate(25)).isEqualTo(blocks[2]);
            allocator.free(blocks[1], 20);
            assertThat(allocator.freeBlockBytes()).containsExactly(10, 20, 5);
            allocator.verify();
        }
    }

    @Test
    void recordsLiveInTheHeapAndAreCountedAsTheAllocatorsReferences() {
        try (Heap heap = heap()) {
            RecordListAllocator allocator = allocator(heap, Fit.FIRST, RecordOrder.INSERTION, false);
            long address = allocator.allocate(4);
            assertThat(address).as("a page of records comes first").isGreaterThanOrEqualTo(4096 / 40 * 40);
            assertThat(heap.bookkeeping().references()).isPositive();
        }
    }

    @Test
    void badSettingsAreRefused() {
        try (Heap heap = heap()) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            assertThatThrownBy(() -> new RecordListAllocator(setup, Fit.FIRST, RecordOrder.ADDRESS, false, 3))
                    .hasMessage("align: 3 (expected: a power of 2 from 1 to 4096)");
            assertThatThrownBy(() -> new RecordListAllocator(setup, Fit.NEXT, RecordOrder.ADDRESS, false, 1))
                    .hasMessage("fit: next (expected: first, best or worst)");
        }
    }
}
