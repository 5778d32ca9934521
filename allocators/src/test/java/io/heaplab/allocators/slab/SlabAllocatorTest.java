package io.heaplab.allocators.slab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bonwick's rules worked by hand on 4096-byte pages. The tables take page 0 (the arena's 136 bytes and 33
 * kmem_caches of 24 bytes, 928 bytes) and the first page map page 1 (256 descriptors of 16 bytes), so the first
 * data page is page 2, address 8192.
 */
class SlabAllocatorTest {

    private static final int PAGE = 4096;
    private static final long FIRST = 2 * PAGE;

    private static Heap heap(long capacity) {
        return new Heap(PAGE, capacity, new ReferenceRecorder(List.of()), true);
    }

    private static SlabAllocator slab(Heap heap, boolean release) {
        return new SlabAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), 4096, release);
    }

    private static long[] allocate(Allocator allocator, long size, int count) {
        long[] blocks = new long[count];
        for (int i = 0; i < count; i++) {
            blocks[i] = allocator.allocate(size);
        }
        return blocks;
    }

    // ---- which cache a size goes to

    @Test
    void aRequestGoesToTheSmallestClassThatHoldsIt() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            long[][] sizeChunk = {{0, 8}, {1, 8}, {8, 8}, {9, 16}, {56, 56}, {57, 64}, {64, 64}, {65, 80},
                    {80, 80}, {81, 96}, {100, 112}, {128, 128}, {129, 160}, {200, 224}, {257, 320}, {511, 512},
                    {513, 640}, {3000, 3072}, {3073, 3584}, {4096, 4096}};
            for (long[] c : sizeChunk) {
                assertThat(allocator.chunkOf(allocator.cacheOf(c[0]))).as("%d bytes", c[0]).isEqualTo((int) c[1]);
            }
            // 8 multiples of 8, then 4 to each doubling from 64 to 4096: 8 + 4 * 6
            assertThat(allocator.cacheCount()).isEqualTo(32);
            assertThat(allocator.largestClass()).isEqualTo(4096);
        }
    }

    @Test
    void aBufferBelowAnEighthOfAPageIsSmallAndLargerSlabsWasteLeastPerBuffer() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            assertThat(allocator.isSmall(allocator.cacheOf(448))).as("448 < 4096 / 8").isTrue();
            assertThat(allocator.isSmall(allocator.cacheOf(512))).as("512 = 4096 / 8").isFalse();
            // 512: one page holds 8 with no waste
            assertThat(allocator.slabPages(allocator.cacheOf(512))).isEqualTo(1);
            // 640: 1 page holds 6, 42 wasted each; 2 pages hold 12, (8192 - 7680) / 12 = 42, not less; the loop then
            // asks for 13 buffers, past 8, and stops
            assertThat(allocator.slabPages(allocator.cacheOf(640))).isEqualTo(1);
            // 896: 1 page holds 4, 512 / 4 = 128 wasted each; 2 pages hold 9, (8192 - 8064) / 9 = 14
            assertThat(allocator.slabPages(allocator.cacheOf(896))).isEqualTo(2);
            assertThat(allocator.maxColour(allocator.cacheOf(896))).as("8192 mod 896").isEqualTo(128);
            // 1536: 2 a page waste 512 each, 5 in 2 pages 102, 8 in 3 pages none
            assertThat(allocator.slabPages(allocator.cacheOf(1536))).isEqualTo(3);
            // 3584: 8 buffers fill 7 pages exactly, where fewer waste 512 each
            assertThat(allocator.slabPages(allocator.cacheOf(3584))).isEqualTo(7);
            assertThat(allocator.maxColour(allocator.cacheOf(192))).as("(4096 - 32) mod 192").isEqualTo(32);
        }
    }

    // ---- a new slab's first buffer and the colours of successive slabs

    @Test
    void aNewSlabHandsOutItsLastBufferFirstAndEachNewSlabIsColouredEightBytesFurther() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(192);
            // (4096 - 32 - colour) / 192 = 21 buffers for every colour up to 32; the list is built by pushing them in
            // address order, so the head is buffer 20, at 8192 + 20 * 192 = 12032, then 11840, ...
            long[] first = allocate(allocator, 192, 21);
            assertThat(first[0]).isEqualTo(FIRST + 20 * 192);
            assertThat(first[1]).isEqualTo(FIRST + 19 * 192);
            assertThat(first[20]).isEqualTo(FIRST);
            long[] slabs = allocator.slabs(k);
            assertThat(slabs).as("the kmem_slab at the page's end").containsExactly(FIRST + PAGE - 32);
            assertThat(allocator.buffers(slabs[0])).isEqualTo(21);
            assertThat(allocator.allocated(slabs[0])).isEqualTo(21);
            // slabs 2 to 6 on pages 3 to 7: colours 8, 16, 24, 32, then past 32 back to 0
            int[] colours = {8, 16, 24, 32, 0};
            for (int s = 0; s < colours.length; s++) {
                long page = (long) (3 + s) * PAGE;
                long[] next = allocate(allocator, 192, 21);
                assertThat(next[0]).as("slab %d's first buffer", s + 2).isEqualTo(page + colours[s] + 20 * 192);
                assertThat(next[20]).as("slab %d's buffer 0", s + 2).isEqualTo(page + colours[s]);
                assertThat(allocator.colour(page + PAGE - 32)).isEqualTo(colours[s]);
            }
            allocator.verify();
        }
    }

    // ---- the list: full, partial, complete

    @Test
    void aSlabGoesPartialToFullWhenItsLastBufferIsTakenAndFullToPartialOnAFree() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(192);
            long a = FIRST + PAGE - 32;
            long b = a + PAGE;
            long c = b + PAGE;
            long[] inA = allocate(allocator, 192, 20);
            assertThat(allocator.freelist(k)).as("A partial").isEqualTo(a);
            long lastOfA = allocator.allocate(192);
            assertThat(lastOfA).isEqualTo(FIRST);
            assertThat(allocator.freelist(k)).as("A full: the freelist passes to the null slab").isEqualTo(-1);
            long[] inB = allocate(allocator, 192, 21);
            long[] inC = allocate(allocator, 192, 2);
            assertThat(allocator.slabs(k)).containsExactly(a, b, c);
            assertThat(allocator.freelist(k)).as("A, B full, C partial").isEqualTo(c);
            // a free into full A moves it in front of the freelist pointer, which names it
            allocator.free(inA[5], 192);
            assertThat(allocator.slabs(k)).containsExactly(b, a, c);
            assertThat(allocator.freelist(k)).isEqualTo(a);
            assertThat(allocator.freeBuffers(k, a)).containsExactly(inA[5]);
            // A serves next; taking its one free buffer makes it full again, the freelist moves on to C
            assertThat(allocator.allocate(192)).isEqualTo(inA[5]);
            assertThat(allocator.freelist(k)).isEqualTo(c);
            assertThat(allocator.slabs(k)).containsExactly(b, a, c);
            assertThat(inB).hasSize(21);
            assertThat(inC).hasSize(2);
            allocator.verify();
        }
    }

    @Test
    void aSlabWhoseLastBufferIsFreedMovesToTheTailAndAPartialSlabServesBeforeIt() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(192);
            long a = FIRST + PAGE - 32;
            long b = a + PAGE;
            long c = b + PAGE;
            allocate(allocator, 192, 21);
            long[] inB = allocate(allocator, 192, 21);
            long[] inC = allocate(allocator, 192, 2);
            for (int i = 0; i < 20; i++) {
                allocator.free(inB[i], 192);
            }
            assertThat(allocator.slabs(k)).as("B full to partial: before C").containsExactly(a, b, c);
            assertThat(allocator.freelist(k)).isEqualTo(b);
            // B's last buffer: complete, behind C; the freelist, which named B, names C
            allocator.free(inB[20], 192);
            assertThat(allocator.slabs(k)).containsExactly(a, c, b);
            assertThat(allocator.freelist(k)).isEqualTo(c);
            assertThat(allocator.allocated(b)).isZero();
            // partial C serves before complete B: C (the third slab, colour 16) hands out its buffer 18 (20 and 19
            // went first)
            long inC18 = 2 * PAGE + FIRST + 16 + 18 * 192;
            assertThat(allocator.allocate(192)).isEqualTo(inC18);
            assertThat(allocator.allocated(c)).isEqualTo(3);
            // C's last live buffers freed: complete too, behind B
            allocator.free(inC[0], 192);
            allocator.free(inC[1], 192);
            allocator.free(inC18, 192);
            assertThat(allocator.slabs(k)).containsExactly(a, b, c);
            assertThat(allocator.freelist(k)).as("no partial slab: the first complete one").isEqualTo(b);
            allocator.verify();
        }
    }

    @Test
    void withReleaseASlabWhoseLastBufferIsFreedGivesItsPageBackForAnyUse() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, true);
            int k = allocator.cacheOf(192);
            long a = FIRST + PAGE - 32;
            long c = a + 2 * PAGE;
            allocate(allocator, 192, 21);
            long[] inB = allocate(allocator, 192, 21);
            allocate(allocator, 192, 2);
            for (long block : inB) {
                allocator.free(block, 192);
            }
            assertThat(allocator.slabs(k)).containsExactly(a, c);
            assertThat(allocator.freelist(k)).isEqualTo(c);
            // B's page 3 is the only free run: a 24-byte buffer's new slab takes it, colour 0, head at
            // 12288 + (4064 / 24 - 1) * 24 = 12288 + 168 * 24
            assertThat(allocator.allocate(24)).isEqualTo(3 * PAGE + 168 * 24);
            assertThat(allocator.pages()).isEqualTo(5);
            allocator.verify();
        }
    }

    // ---- LIFO reuse

    @Test
    void freedBuffersAreReusedLastFreedFirst() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(100);
            long[] blocks = allocate(allocator, 100, 10);
            allocator.free(blocks[2], 100);
            allocator.free(blocks[7], 100);
            allocator.free(blocks[4], 100);
            long slab = allocator.slabs(k)[0];
            assertThat(allocator.freeBuffers(k, slab).length).isEqualTo(allocator.buffers(slab) - 7);
            assertThat(allocator.freeBuffers(k, slab)).startsWith(blocks[4], blocks[7], blocks[2]);
            assertThat(allocate(allocator, 100, 4)).containsExactly(blocks[4], blocks[7], blocks[2],
                    blocks[9] - 112);
            allocator.verify();
        }
    }

    // ---- large objects and whole pages

    @Test
    void aLargeBufferLivesInASlabOfSeveralPagesWhoseKmemSlabComesFromItsOwnCache() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(800);
            assertThat(allocator.chunkOf(k)).isEqualTo(896);
            // pages 2 and 3 for the slab, then page 4 for kmem_slab_cache (32-byte buffers, 127 a page, maxcolour
            // 4064 mod 32 = 0), whose first buffer, its last, holds the kmem_slab: 16384 + 126 * 32 = 20416
            long first = allocator.allocate(800);
            // 8192 / 896 = 9 buffers at colour 0: the head is buffer 8, 8192 + 8 * 896
            assertThat(first).isEqualTo(FIRST + 8 * 896);
            long[] slabs = allocator.slabs(k);
            assertThat(slabs).containsExactly(4L * PAGE + 126 * 32);
            assertThat(allocator.firstPage(slabs[0])).isEqualTo(2);
            assertThat(allocator.buffers(slabs[0])).isEqualTo(9);
            long[] rest = allocate(allocator, 800, 8);
            assertThat(rest[7]).isEqualTo(FIRST);
            // the second slab: pages 5 and 6, colour 8, its kmem_slab the next record, 32 bytes lower
            long second = allocator.allocate(896);
            assertThat(second).isEqualTo(5L * PAGE + 8 + 8 * 896);
            assertThat(allocator.slabs(k)).containsExactly(slabs[0], slabs[0] - 32);
            // buffer 7 lies in the slab's second page (8192 + 7 * 896 = 14464): the page map names its slab
            assertThat(rest[0]).isEqualTo(FIRST + 7 * 896);
            allocator.free(rest[0], 800);
            assertThat(allocator.freelist(k)).isEqualTo(slabs[0]);
            assertThat(allocator.freeBuffers(k, slabs[0])).containsExactly(rest[0]);
            assertThat(allocator.heldBytes()).isEqualTo(9 * 896);
            allocator.verify();
        }
    }

    @Test
    void aRequestAboveTheLargestClassTakesWholePagesAndFreedRunsCoalesce() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            long a = allocator.allocate(4097);
            long b = allocator.allocate(8192);
            long c = allocator.allocate(5000);
            assertThat(new long[] {a, b, c}).containsExactly(FIRST, FIRST + 2 * PAGE, FIRST + 4 * PAGE);
            assertThat(allocator.heldBytes()).isEqualTo(6 * PAGE);
            allocator.free(a, 4097);
            allocator.free(c, 5000);
            allocator.free(b, 8192);
            assertThat(allocator.heldBytes()).isZero();
            // one run of 6 pages: instant fit finds no list of 8 or more, the walk of list 4..7 finds it
            assertThat(allocator.allocate(6 * PAGE)).isEqualTo(FIRST);
            assertThat(allocator.pages()).isEqualTo(8);
            assertThatThrownBy(() -> allocator.free(FIRST, 5 * PAGE)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("oversize block of 5 pages");
            allocator.verify();
        }
    }

    @Test
    void aGibibyteIsWholePagesAfterTheMapMovesUp() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SlabAllocator allocator = slab(heap, false);
            long small = allocator.allocate(24);
            long huge = allocator.allocate(1L << 30);
            // the map's 256 descriptors cannot describe 3 + 262144 pages; a new one at page 3 must describe them and
            // itself: 262147 descriptors take 1025 pages, 263172 then take 1029, and 263176 fit in 1029 (256 a
            // page); the block follows it, and the old map's page 1 becomes a free run
            assertThat(huge).isEqualTo((3L + 1029) * PAGE);
            assertThat(allocator.heldBytes()).isEqualTo((1L << 30) + 24);
            allocator.verify();
            allocator.free(huge, 1L << 30);
            allocator.free(small, 24);
            // the old map page is a free one-page run: the next slab takes it
            assertThat(allocator.allocate(4000)).isEqualTo(PAGE);
            allocator.verify();
        }
    }

    // ---- reaping

    @Test
    void aFullBoundedHeapReapsCompleteSlabsBeforeSayingNoFit() {
        try (Heap heap = heap(4L * PAGE)) {
            SlabAllocator allocator = slab(heap, false);
            int k = allocator.cacheOf(192);
            long[] blocks = allocate(allocator, 192, 21);
            for (long block : blocks) {
                allocator.free(block, 192);
            }
            assertThat(allocator.slabs(k)).as("kept, complete").hasSize(1);
            // two pages: only page 3 is left to grow, so the page level fails, every cache is reaped, and the
            // freed page 2 and the grown page 3 make the run
            assertThat(allocator.allocate(2 * PAGE)).isEqualTo(FIRST);
            assertThat(allocator.slabs(k)).isEmpty();
            assertThat(allocator.allocate(8)).isEqualTo(Allocator.NO_FIT);
            allocator.verify();
        }
    }

    @Test
    void aHeapTooSmallForTheTablesIsRefusedInOneLine() {
        try (Heap heap = heap(2L * PAGE)) {
            assertThatThrownBy(() -> slab(heap, false)).hasMessage("slab: the heap holds 8192 bytes (expected: at"
                    + " least 12288, the tables, the page map and one page of buffers)");
        }
    }

    @Test
    void smallPagesServeEveryClassThroughLargeSlabs() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), true)) {
            SlabAllocator allocator = new SlabAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), 4096, false);
            assertThat(allocator.isSmall(0)).as("8 is not below 64 / 8").isFalse();
            long[] blocks = new long[200];
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = allocator.allocate(1 + i * 37 % 300);
                heap.data().setByte(blocks[i], (byte) i);
            }
            allocator.verify();
            for (int i = 0; i < blocks.length; i += 2) {
                assertThat(heap.data().getByte(blocks[i])).isEqualTo((byte) i);
                allocator.free(blocks[i], 1 + i * 37 % 300);
            }
            allocator.verify();
        }
    }
}
