package io.heaplab.allocators.jemalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * jemalloc's rules worked by hand on a fresh heap of 4 KiB pages: the lowest free region of a slab, the current
 * slab and the oldest-then-lowest non-full one, a slab emptied back to the extents, the thread cache's fill and
 * flush, large extents split and coalesced, the dirty set's choice, and reservations that grow the heap only by
 * what is touched.
 *
 * <p>The layout every test starts from: the base's header (64 bytes) and the arena's metadata (36 bins of 16
 * bytes and two extent sets of 200 roots and 4 bitmap words: 576 + 2 * 1632 = 3840 bytes) fill page 0 up to 3904;
 * the first extent needs two descriptors of 128 bytes, one at 3968 (the last in page 0) and one on page 1, so the
 * first extent begins at 8192.
 */
class JemallocAllocatorTest {

    private static final long FIRST_EXTENT = 8192;

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true);
    }

    private static JemallocAllocator jemalloc(Heap heap, boolean tcache) {
        return new JemallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED, 7), tcache);
    }

    @Test
    void aSlabHandsOutItsLowestFreeRegionAndGoesBackToTheDirtyExtentsWhenEmpty() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, false);
            int bin = je.sizeClasses().index(48);
            // a slab of 48-byte regions is 3 pages (12288 = 256 * 48) at the first extent
            long a = je.allocate(48);
            long b = je.allocate(40);
            long c = je.allocate(33);
            assertThat(new long[] {a, b, c}).containsExactly(FIRST_EXTENT, FIRST_EXTENT + 48, FIRST_EXTENT + 96);
            assertThat(je.slabcur(bin)).isEqualTo(FIRST_EXTENT);
            // bitmap group 0, 1 = free: regions 0..2 taken
            assertThat(je.slabBitmap(a, 0)).isEqualTo(-1L << 3);
            je.free(b, 40);
            assertThat(je.slabBitmap(a, 0)).isEqualTo(-1L << 3 | 0b010);
            assertThat(je.allocate(48)).as("region 1, the lowest free").isEqualTo(FIRST_EXTENT + 48);
            // fill the rest of the slab: 253 more regions; the next comes from a second slab right after it
            for (int i = 3; i < 256; i++) {
                assertThat(je.allocate(48)).isEqualTo(FIRST_EXTENT + 48L * i);
            }
            long second = je.allocate(48);
            assertThat(second).isEqualTo(FIRST_EXTENT + 12288);
            assertThat(je.slabFree(second)).isEqualTo(255);
            // the second slab's only region freed: it is empty, leaves the bin, and is a dirty extent of 3 pages
            je.free(second, 48);
            assertThat(je.slabcur(bin)).isEqualTo(-1);
            assertThat(je.dirtyExtents()).containsExactly(FIRST_EXTENT + 12288, 12288, 1);
            je.verify();
            // the next slab of any class of 3 pages takes that extent back: 96-byte regions are 3-page slabs too
            assertThat(je.allocate(96)).isEqualTo(FIRST_EXTENT + 12288);
            assertThat(je.dirtyExtents()).isEmpty();
            je.verify();
        }
    }

    @Test
    void aFullSlabFreedBecomesCurrentWhenLowerAndTheNonfullHeapGivesTheLowestFirst() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, false);
            int bin = je.sizeClasses().index(2048);
            // 2048-byte regions: 1-page slabs of 2; six requests fill slabs A, B, C at 8192, 12288, 16384
            long[] r = new long[6];
            for (int i = 0; i < 6; i++) {
                r[i] = je.allocate(2048);
                assertThat(r[i]).isEqualTo(FIRST_EXTENT + 2048L * i);
            }
            long slabA = FIRST_EXTENT;
            long slabB = FIRST_EXTENT + 4096;
            long slabC = FIRST_EXTENT + 8192;
            assertThat(je.slabcur(bin)).isEqualTo(slabC);
            je.free(r[5], 2048); // C is current: it just has a free region again
            je.free(r[3], 2048); // B comes before C: B becomes current, C goes to the non-full heap
            assertThat(je.slabcur(bin)).isEqualTo(slabB);
            assertThat(je.firstNonfullSlab(bin)).isEqualTo(slabC);
            je.free(r[1], 2048); // A before B: A current, B to the heap, which now gives B (lower) before C
            assertThat(je.slabcur(bin)).isEqualTo(slabA);
            assertThat(je.firstNonfullSlab(bin)).isEqualTo(slabB);
            je.verify();
            // a FIFO of non-full slabs would give C (queued first) before B
            assertThat(je.allocate(2048)).isEqualTo(r[1]);
            assertThat(je.allocate(2048)).isEqualTo(r[3]);
            assertThat(je.allocate(2048)).isEqualTo(r[5]);
            je.verify();
        }
    }

    @Test
    void theThreadCacheFillsHalfItsSlotsLowestFirstAndFlushesItsOldestHalfWhenFull() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, true);
            SizeClasses sc = je.sizeClasses();
            int bin = sc.index(16);
            long first = je.allocate(16);
            // the stacks' block came first: 8 * (2 + the slots of 41 classes), a large extent at the first extent
            long stacks = je.tcacheBlock();
            assertThat(stacks).isEqualTo(FIRST_EXTENT);
            long slab = je.extentOf(first)[0];
            assertThat(slab).isEqualTo(FIRST_EXTENT + je.extentOf(stacks)[1]);
            // 200 slots, fill 200 >> 1 = 100 regions, lowest first: the request took region 0, 99 are cached
            assertThat(je.tcacheMax(bin)).isEqualTo(200);
            assertThat(first).isEqualTo(slab);
            assertThat(je.tcacheCount(bin)).isEqualTo(99);
            assertThat(je.tcacheEntry(bin, 0)).as("the next popped").isEqualTo(slab + 16);
            assertThat(je.tcacheEntry(bin, 98)).isEqualTo(slab + 16 * 99);
            assertThat(je.slabFree(first)).isEqualTo(256 - 100);
            assertThat(je.tcacheFills()).isEqualTo(1);
            // 299 more: fills of 100 at requests 101 and 201; the third takes the slab's last 56 and 44 of a new one
            long[] blocks = new long[300];
            blocks[0] = first;
            for (int i = 1; i < 300; i++) {
                blocks[i] = je.allocate(16);
            }
            assertThat(je.tcacheFills()).isEqualTo(3);
            assertThat(blocks[255]).isEqualTo(slab + 16 * 255);
            assertThat(blocks[256]).as("a second slab, one page on").isEqualTo(slab + 4096);
            assertThat(je.slabFree(first)).isZero();
            je.verify();
            // 300 frees: 200 fill the stack; the 201st flushes the 100 oldest (blocks 0..99) back to the first slab
            for (int i = 0; i < 300; i++) {
                je.free(blocks[i], 16);
                if (i == 199) {
                    assertThat(je.tcacheCount(bin)).isEqualTo(200);
                    assertThat(je.tcacheFlushes()).isZero();
                }
            }
            assertThat(je.tcacheFlushes()).isEqualTo(1);
            assertThat(je.tcacheCount(bin)).isEqualTo(200);
            assertThat(je.tcacheEntry(bin, 0)).as("the last freed on top").isEqualTo(blocks[299]);
            assertThat(je.tcacheEntry(bin, 199)).as("the oldest kept").isEqualTo(blocks[100]);
            // regions 0..99 free again: group 0 all ones, group 1 its low 36 bits
            assertThat(je.slabFree(first)).isEqualTo(100);
            assertThat(je.slabBitmap(first, 0)).isEqualTo(-1L);
            assertThat(je.slabBitmap(first, 1)).isEqualTo((1L << 36) - 1);
            assertThat(je.slabBitmap(first, 2)).isZero();
            je.verify();
        }
    }

    @Test
    void largeExtentsAreTheirClassAndAPageSplitFromTheDirtySetAndCoalescedWhenFreed() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, false);
            // 40000 bytes: class 40960, extent 40960 + 4096 = 45056 (11 pages); the block at a random cache line
            long a = je.allocate(40000);
            long b = je.allocate(40000);
            long c = je.allocate(40000);
            assertThat(je.extentOf(a)).containsExactly(FIRST_EXTENT, 45056);
            assertThat(je.extentOf(b)).containsExactly(FIRST_EXTENT + 45056, 45056);
            assertThat(je.extentOf(c)).containsExactly(FIRST_EXTENT + 2 * 45056, 45056);
            assertThat((a - FIRST_EXTENT) % 64).isZero();
            assertThat(a - FIRST_EXTENT).isLessThan(4096);
            assertThat(je.heldBytes()).isEqualTo(3 * 45056);
            je.free(b, 40000);
            assertThat(je.dirtyExtents()).containsExactly(53248, 45056, 1);
            je.free(a, 40000); // a merges with b, after it
            assertThat(je.dirtyExtents()).containsExactly(8192, 90112, 1);
            // 16384 bytes: an extent of 5 pages (20480), split off the front of the dirty one
            long d = je.allocate(16384);
            assertThat(je.extentOf(d)).containsExactly(8192, 20480);
            assertThat(je.dirtyExtents()).containsExactly(28672, 69632, 1);
            je.free(c, 40000); // c merges with the dirty rest before it; after it lies untouched space
            assertThat(je.dirtyExtents()).containsExactly(28672, 69632 + 45056, 1);
            je.verify();
        }
    }

    @Test
    void theDirtySetGivesTheOldestThenLowestAdequateExtentNotTheBestFit() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, false);
            long a = je.allocate(40960); // 11 pages at 8192
            je.allocate(16384);          // 5 pages at 53248
            long c = je.allocate(16384); // 5 pages at 73728
            je.allocate(16384);          // 5 pages at 94208, so c has no free neighbour
            je.free(a, 40960);
            je.free(c, 16384);
            assertThat(je.dirtyExtents()).containsExactly(8192, 45056, 1, 73728, 20480, 1);
            // 5 pages fit c exactly, but a is as old and lower: a is split
            long d = je.allocate(16384);
            assertThat(je.extentOf(d)).containsExactly(8192, 20480);
            assertThat(je.dirtyExtents()).containsExactly(28672, 24576, 1, 73728, 20480, 1);
            je.verify();
        }
    }

    @Test
    void reservationsGrowByExpGrowButTheHeapOnlyByThePagesHandedOut() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, false);
            je.allocate(40000);
            // the first reservation is a huge page, 2 MiB; the heap holds the base's 2 pages and 11 touched
            assertThat(je.reservedBytes()).isEqualTo(2L << 20);
            assertThat(heap.size()).isEqualTo(8192 + 45056);
            assertThat(je.retainedExtents()).containsExactly(-1, (2L << 20) - 45056, 1);
            // 3 MiB + pad does not fit the 2 MiB - 44 KiB left: exp_grow tries 2.5, 3, then takes 3.5 MiB
            long big = je.allocate(3L << 20);
            assertThat(je.reservations()).isEqualTo(2);
            assertThat(je.reservedBytes()).isEqualTo((2L << 20) + (7L << 19));
            assertThat(je.extentOf(big)).containsExactly(53248, (3L << 20) + 4096);
            assertThat(heap.size()).as("the first reservation's untouched tail is not in the heap")
                    .isEqualTo(53248 + (3L << 20) + 4096);
            // the next page request takes the oldest retained tail, the first reservation's, placed at the break
            long small = je.allocate(40000);
            assertThat(je.extentOf(small)).containsExactly(53248 + (3L << 20) + 4096, 45056);
            assertThat(je.retainedExtents()).containsExactly(-1, (2L << 20) - 2 * 45056, 1,
                    -1, (7L << 19) - (3L << 20) - 4096, 2);
            // exp_grow passed the class it used: the next reservation starts at 4 MiB (index 31 + 3 + 1)
            assertThat(je.growNext()).isEqualTo(35);
            je.verify();
        }
    }

    @Test
    void aRequestOfNothingIsTheSmallestClassAndEachIsItsOwn() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, true);
            long a = je.allocate(0);
            long b = je.allocate(0);
            assertThat(a).isNotEqualTo(b);
            assertThat(je.heldBytes()).isEqualTo(16);
            je.free(a, 0);
            je.free(b, 0);
            assertThat(je.heldBytes()).isZero();
            je.verify();
        }
    }

    @Test
    void aGibibyteIsOneExtentOfItsClassAndAPageInAReservationOfItsOwn() {
        try (Heap heap = heap()) {
            JemallocAllocator je = jemalloc(heap, true);
            long block = je.allocate(1L << 30);
            assertThat(je.extentOf(block)).containsExactly(block & -4096L, (1L << 30) + 4096);
            heap.data().setLong(block + (1L << 30) - 8, 42);
            je.free(block, 1L << 30);
            je.verify();
        }
    }

    @Test
    void aRequestBeyondTheLargestClassOrABoundedHeapIsNoFit() {
        try (Heap heap = new Heap(4096, 64 * 4096, new ReferenceRecorder(List.of()), true)) {
            JemallocAllocator je = jemalloc(heap, true);
            assertThat(je.allocate(Long.MAX_VALUE)).isEqualTo(-1);
            assertThat(je.allocate(JemallocAllocator.MAX_REQUEST + 1)).isEqualTo(-1);
            assertThat(je.allocate(1L << 30)).isEqualTo(-1);
            assertThat(je.allocate(100)).isNotNegative();
            je.verify();
        }
    }
}
