package io.heaplab.allocators.mimalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * mimalloc's rules worked by hand with its real sizes (64 KiB slices, 32 MiB segments): the bins, the pop from
 * {@code free}, frees parked on {@code local_free} until {@code free} runs dry, the free list extended 4 KiB at a
 * time, a fresh page only when the bin's pages are all full, a freed page going back to its segment, and large and
 * huge blocks.
 *
 * <p>The arithmetic every test shares: the static area takes bytes 0..4095, so segment 0 begins at 4096. Its info
 * (a 264-byte header and 513 slice entries of 80 bytes, 41304 bytes, rounded to 45056) takes slice 0, so the first
 * page is slice 1, at 4096 + 65536 = 69632, and its descriptor is slice entry 1, at 4096 + 264 + 80 = 4440. Blocks
 * of 8 to 1024 bytes begin 384 bytes into their page: at 70016 in slice 1.
 */
class MimallocAllocatorTest {

    static final long SEGMENT = 4096;
    static final long SLICE = 65536;
    static final long SLICE_1 = SEGMENT + SLICE;
    static final long SMALL_START = SLICE_1 + 384;

    static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
    }

    static MimallocAllocator mimalloc(Heap heap) {
        return new MimallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED));
    }

    /** The descriptor of the page at slice {@code index} of segment 0. */
    static long descriptor(long index) {
        return SEGMENT + 264 + 80 * index;
    }

    // ---- bins

    @Test
    void sizesFallInTheBinsOfMiBin() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            // 1 and 8 bytes: one word, bin 1; 9: two words, bin 2
            assertThat(a.bin(0)).isEqualTo(1);
            assertThat(a.bin(1)).isEqualTo(1);
            assertThat(a.bin(8)).isEqualTo(1);
            assertThat(a.bin(9)).isEqualTo(2);
            // 17..24 bytes: three words round up to four (MI_ALIGN2W on x86-64), bin 4 of 32 bytes; bin 3 unused
            assertThat(a.bin(17)).isEqualTo(4);
            assertThat(a.bin(24)).isEqualTo(4);
            // 64: eight words, the last exact bin
            assertThat(a.bin(64)).isEqualTo(8);
            // 65: nine words, w = 8, b = 3, 4*3 + ((8 >> 1) & 3) - 3 = 9, of 10 words
            assertThat(a.bin(65)).isEqualTo(9);
            assertThat(a.binBlockSize(9)).isEqualTo(80);
            assertThat(a.bin(80)).isEqualTo(9);
            assertThat(a.bin(81)).isEqualTo(10);
            // 1024: 128 words, w = 127, b = 6, 24 + ((127 >> 4) & 3) - 3 = 24, of 128 words
            assertThat(a.bin(1024)).isEqualTo(24);
            assertThat(a.binBlockSize(24)).isEqualTo(1024);
            // 1025: 129 words, w = 128, b = 7, 28 + 0 - 3 = 25, of 160 words
            assertThat(a.bin(1025)).isEqualTo(25);
            assertThat(a.binBlockSize(25)).isEqualTo(1280);
            // the medium maximum, 128 KiB = 16384 words: w = 16383, b = 13, 52 + 3 - 3 = 52; one byte more is huge
            assertThat(a.bin(128 << 10)).isEqualTo(52);
            assertThat(a.bin((128 << 10) + 1)).isEqualTo(Bins.HUGE);
        }
    }

    @Test
    void theBinsBlockSizesAreThoseOfMiPageQueuesEmpty() {
        // src/init.c, MI_PAGE_QUEUES_EMPTY, in words, bins 1 to 72
        long[] words = {1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128,
            160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584,
            4096, 5120, 6144, 7168, 8192, 10240, 12288, 14336, 16384, 20480, 24576, 28672, 32768, 40960, 49152, 57344,
            65536, 81920, 98304, 114688, 131072, 163840, 196608, 229376, 262144, 327680, 393216, 458752, 524288};
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            for (int bin = 1; bin <= 72; bin++) {
                assertThat(a.binBlockSize(bin)).as("bin %d", bin).isEqualTo(8 * words[bin - 1]);
            }
            // the huge and full queues: one and two words past the medium maximum of 16384 words
            assertThat(a.binBlockSize(Bins.HUGE)).isEqualTo(8 * 16385);
            assertThat(a.binBlockSize(Bins.FULL)).isEqualTo(8 * 16386);
            // every size fits its bin's blocks and would not fit the blocks of the used bin below
            long below = 0;
            for (long size = 1; size <= 128 << 10; size++) {
                long block = a.binBlockSize(a.bin(size));
                assertThat(block).as("block of %d bytes", size).isGreaterThanOrEqualTo(size);
                if (block != below) {
                    assertThat(below).as("the bin below %d bytes", size).isLessThan(size);
                    below = block;
                }
            }
        }
    }

    // ---- free lists

    @Test
    void allocationPopsTheFreeListOfAPageExtendedByFourKibOfBlocks() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            long first = a.allocate(16);
            long page = a.pageOf(first);
            assertThat(page).isEqualTo(descriptor(1));
            assertThat(first).isEqualTo(SMALL_START);
            // reserved: (65536 - 384) / 16 = 4072 blocks; extended: 4096 / 16 = 256 of them, threaded in order
            assertThat(a.reserved(page)).isEqualTo(4072);
            assertThat(a.capacity(page)).isEqualTo(256);
            assertThat(a.allocate(16)).isEqualTo(SMALL_START + 16);
            assertThat(a.allocate(16)).isEqualTo(SMALL_START + 32);
            assertThat(a.used(page)).isEqualTo(3);
            long[] free = a.freeList(page);
            assertThat(free).hasSize(253);
            assertThat(free[0]).isEqualTo(SMALL_START + 48);
            assertThat(free[252]).isEqualTo(SMALL_START + 255 * 16);
            // the heap covers the touched prefix: through the 256 extended blocks, 70016 + 4096
            assertThat(heap.size()).isEqualTo(SMALL_START + 4096);
            a.verify();
        }
    }

    @Test
    void freesGoToLocalFreeAndComeBackOnlyWhenFreeIsEmpty() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            long b0 = a.allocate(16);
            long b1 = a.allocate(16);
            a.allocate(16);
            long page = a.pageOf(b0);
            a.free(b1, 16);
            a.free(b0, 16);
            // pushed on local_free, the last freed first; free untouched
            assertThat(a.localFreeList(page)).containsExactly(b0, b1);
            assertThat(a.freeList(page)).hasSize(253);
            assertThat(a.threadFree(page)).as("one thread never fills thread_free").isZero();
            // the next request does not see them: it pops the free list, block 3
            assertThat(a.allocate(16)).isEqualTo(SMALL_START + 48);
            // drain the other 252 extended blocks in order
            for (int i = 4; i < 256; i++) {
                assertThat(a.allocate(16)).isEqualTo(SMALL_START + 16L * i);
            }
            assertThat(a.freeList(page)).isEmpty();
            assertThat(a.localFreeList(page)).containsExactly(b0, b1);
            // free is empty: local_free becomes free whole, and is popped head first
            assertThat(a.allocate(16)).isEqualTo(b0);
            assertThat(a.localFreeList(page)).isEmpty();
            assertThat(a.freeList(page)).containsExactly(b1);
            assertThat(a.allocate(16)).isEqualTo(b1);
            // both empty: the page extends by another 256 blocks, block 256 at 70016 + 4096
            assertThat(a.allocate(16)).isEqualTo(SMALL_START + 4096);
            assertThat(a.capacity(page)).isEqualTo(512);
            assertThat(heap.size()).isEqualTo(SMALL_START + 8192);
            a.verify();
        }
    }

    @Test
    void aPageExtendsByFourKibOfBlocksButAtLeastFour() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            // 1024-byte blocks: 4096 / 1024 = 4 at a time, of (65536 - 384) / 1024 = 63
            long page = a.pageOf(a.allocate(1000));
            assertThat(a.reserved(page)).isEqualTo(63);
            assertThat(a.capacity(page)).isEqualTo(4);
            assertThat(heap.size()).isEqualTo(SMALL_START + 4 * 1024);
            for (int i = 1; i < 4; i++) {
                assertThat(a.allocate(1024)).isEqualTo(SMALL_START + 1024L * i);
            }
            assertThat(a.capacity(page)).isEqualTo(4);
            assertThat(a.allocate(1024)).isEqualTo(SMALL_START + 4096);
            assertThat(a.capacity(page)).isEqualTo(8);
            assertThat(heap.size()).isEqualTo(SMALL_START + 8 * 1024);
            // 48-byte blocks: 4096 / 48 = 85 at a time; their page is the next slice, 2, at 4096 + 2 * 65536
            long small = a.pageOf(a.allocate(48));
            assertThat(small).isEqualTo(descriptor(2));
            assertThat(a.capacity(small)).isEqualTo(85);
            assertThat(heap.size()).isEqualTo(SEGMENT + 2 * SLICE + 384 + 85 * 48);
            // 8 KiB blocks: at least 4 at a time, 32 KiB, from the page's start (no offset above 1024 bytes)
            long large = a.allocate(8192);
            long eight = a.pageOf(large);
            assertThat(eight).isEqualTo(descriptor(3));
            assertThat(large).isEqualTo(SEGMENT + 3 * SLICE);
            assertThat(a.reserved(eight)).isEqualTo(8);
            assertThat(a.capacity(eight)).isEqualTo(4);
            assertThat(heap.size()).isEqualTo(SEGMENT + 3 * SLICE + 4 * 8192);
            // 16 KiB blocks, the small maximum (64 KiB / 4): a small page of 4, extended all at once
            long sixteen = a.pageOf(a.allocate(16 << 10));
            assertThat(a.sliceCount(sixteen)).isOne();
            assertThat(a.reserved(sixteen)).isEqualTo(4);
            assertThat(a.capacity(sixteen)).isEqualTo(4);
            a.verify();
        }
    }

    // ---- pages

    @Test
    void aFreshPageIsTakenOnlyWhenTheBinsPagesAreAllFull() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            List<Long> blocks = new ArrayList<>();
            // 4072 blocks of 16 bytes fill the page of slice 1, 256 at a time
            for (int i = 0; i < 4072; i++) {
                blocks.add(a.allocate(16));
                assertThat(a.pageOf(blocks.getLast())).isEqualTo(descriptor(1));
            }
            long segment = a.segmentOf(blocks.getFirst());
            assertThat(a.usedPages(segment)).isOne();
            assertThat(a.capacity(descriptor(1))).isEqualTo(4072);
            // full: the next request moves it to the full queue and takes a fresh page, slice 2, pushed first
            long next = a.allocate(16);
            assertThat(next).isEqualTo(SEGMENT + 2 * SLICE + 384);
            assertThat(a.queue(2)).containsExactly(descriptor(2));
            assertThat(a.queue(Bins.FULL)).containsExactly(descriptor(1));
            assertThat(a.inFull(descriptor(1))).isTrue();
            assertThat(a.usedPages(segment)).isEqualTo(2);
            // a free in the full page takes it back to the end of its queue, behind the page in use
            a.free(blocks.get(7), 16);
            assertThat(a.queue(Bins.FULL)).isEmpty();
            assertThat(a.queue(2)).containsExactly(descriptor(2), descriptor(1));
            assertThat(a.inFull(descriptor(1))).isFalse();
            // and requests keep using the first page, slice 2, while it has blocks
            assertThat(a.allocate(16)).isEqualTo(next + 16);
            a.verify();
        }
    }

    @Test
    void theOnlyPageOfABinIsRetiredThenFreedBackToItsSegment() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            long x = a.allocate(16);
            long page = a.pageOf(x);
            a.free(x, 16);
            // the only page of bin 2: retired for 1 + 8 fresh-page searches, still first in its queue
            assertThat(a.retireExpire(page)).isEqualTo(9);
            assertThat(a.queue(2)).containsExactly(page);
            assertThat(a.spans(1)).isEmpty();
            // each of 8 bins that needs a fresh page counts it down by one: slices 2 to 9
            long[] sizes = {32, 48, 64, 80, 96, 112, 128, 160};
            for (int i = 0; i < sizes.length; i++) {
                long block = a.allocate(sizes[i]);
                assertThat(a.pageOf(block)).isEqualTo(descriptor(2 + i));
            }
            assertThat(a.retireExpire(page)).isOne();
            assertThat(a.queue(2)).containsExactly(page);
            // the ninth frees it first: its slice goes back to the segment as a span of one, and the fresh page of
            // 192-byte blocks takes that span, slice 1, again
            long block = a.allocate(192);
            assertThat(a.queue(2)).isEmpty();
            assertThat(a.pageOf(block)).isEqualTo(page);
            assertThat(block).isEqualTo(SMALL_START);
            assertThat(a.usedPages(SEGMENT)).isEqualTo(9);
            a.verify();
        }
    }

    @Test
    void aPageFreedCoalescesWithTheFreeSpansBesideIt() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            a.allocate(16); // slice 1
            // 200 KiB: a large page of alignUp(204800, 64 KiB) = 4 slices, one block of the whole page
            long left = a.allocate(200 << 10);
            long right = a.allocate(200 << 10);
            assertThat(left).isEqualTo(SEGMENT + 2 * SLICE);
            assertThat(right).isEqualTo(SEGMENT + 6 * SLICE);
            // the rest of the segment: slices 10 to 511, 502 slices, span bin 31
            assertThat(a.spans(31)).isDeepEqualTo(new long[][] {{10, 502}});
            a.free(left, 200 << 10);
            // a large page is freed at once (the huge queue is never retired): slices 2..5, span bin 4
            assertThat(a.queue(Bins.HUGE)).containsExactly(descriptor(6));
            assertThat(a.spans(4)).isDeepEqualTo(new long[][] {{2, 4}});
            a.free(right, 200 << 10);
            // slices 6..9 merge with the span after (10..511) and the span before (2..5): 510 slices from 2
            assertThat(a.spans(4)).isEmpty();
            assertThat(a.spans(31)).isDeepEqualTo(new long[][] {{2, 510}});
            assertThat(a.queue(Bins.HUGE)).isEmpty();
            a.verify();
        }
    }

    // ---- large and huge

    @Test
    void aLargeBlockIsAPageOfWholeSlicesAndItsSegmentIsFreedWithIt() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            long block = a.allocate(200 << 10);
            long page = a.pageOf(block);
            assertThat(block).isEqualTo(SLICE_1);
            assertThat(page).isEqualTo(descriptor(1));
            assertThat(a.sliceCount(page)).isEqualTo(4);
            assertThat(a.blockSizeOf(page)).isEqualTo(4 * SLICE);
            assertThat(a.heldBytes()).isEqualTo(4 * SLICE);
            // touched: the 200 KiB asked for, whole OS pages
            assertThat(heap.size()).isEqualTo(SLICE_1 + (200 << 10));
            a.free(block, 200 << 10);
            assertThat(a.segments()).as("the segment held no other page").isEmpty();
            assertThat(a.heldBytes()).isZero();
            // the next segment takes the same address range
            assertThat(a.allocate(16)).isEqualTo(SMALL_START);
            assertThat(a.segments()).containsExactly(SEGMENT);
            a.verify();
        }
    }

    @Test
    void aHugeBlockHasASegmentOfItsOwn() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            a.allocate(16);
            // 20 MiB is above half a segment: a huge segment of alignUp(20 MiB + 64 KiB, 64 KiB) = 321 slices, one
            // slot of 32 MiB after segment 0, the block after its info slice
            long huge = a.allocate(20L << 20);
            long segment = SEGMENT + (32L << 20);
            assertThat(a.segmentOf(huge)).isEqualTo(segment);
            assertThat(huge).isEqualTo(segment + SLICE);
            assertThat(a.blockSizeOf(a.pageOf(huge))).isEqualTo(320 * SLICE);
            assertThat(heap.size()).isEqualTo(huge + (20L << 20));
            assertThat(a.segments()).containsExactly(SEGMENT, segment);
            a.free(huge, 20L << 20);
            assertThat(a.segments()).containsExactly(SEGMENT);
            // a gibibyte: 16385 slices, 33 slots, taking the freed one first
            long gib = a.allocate(1L << 30);
            assertThat(gib).isEqualTo(segment + SLICE);
            assertThat(a.heldBytes()).isEqualTo(16 + (1L << 30));
            assertThat(heap.size()).isEqualTo(gib + (1L << 30));
            a.verify();
            a.free(gib, 1L << 30);
            a.verify();
        }
    }

    @Test
    void freeFindsThePageOfABlockInAnyOfItsSlices() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            // 32 KiB blocks, above the small maximum of 64 KiB / 4 = 16 KiB: a medium page of 8 slices (512 KiB),
            // 16 blocks, extended 4 at a time
            long[] blocks = new long[6];
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = a.allocate(32 << 10);
            }
            long page = descriptor(1);
            assertThat(a.sliceCount(page)).isEqualTo(8);
            assertThat(a.reserved(page)).isEqualTo(16);
            assertThat(a.capacity(page)).isEqualTo(8);
            // block 5 lies 160 KiB into the page, in its third slice (slice 3 of the segment), whose entry points
            // back 2 * 80 bytes to the page's
            assertThat(blocks[5]).isEqualTo(SLICE_1 + 5 * (32 << 10));
            assertThat(a.pageOf(blocks[5])).isEqualTo(page);
            a.free(blocks[5], 32 << 10);
            assertThat(a.localFreeList(page)).containsExactly(blocks[5]);
            a.verify();
        }
    }

    @Test
    void aSmallRequestFromItsDirectPageCostsOneSearch() {
        try (Heap heap = heap()) {
            MimallocAllocator a = mimalloc(heap);
            // the first: the direct entry (empty), then no page in the bin, then one free span of a new segment
            a.allocate(16);
            assertThat(a.searches()).isEqualTo(2);
            assertThat(a.direct(2)).isEqualTo(descriptor(1));
            a.allocate(16);
            assertThat(a.searches()).isEqualTo(3);
            // 24 bytes: three words, whose direct entry points at bin 4's queue, empty so far
            assertThat(a.direct(3)).isZero();
            a.allocate(24);
            assertThat(a.direct(3)).isEqualTo(descriptor(2));
            assertThat(a.direct(4)).isEqualTo(descriptor(2));
        }
    }

    @Test
    void aBoundedHeapRejectsWhatItCannotHold() {
        // slices of 4 KiB: the static page, the 44 KiB info (11 slices) and one 4 KiB page fit in 52 KiB
        try (Heap heap = new Heap(4096, 52 << 10, new ReferenceRecorder(List.of()), false)) {
            MimallocAllocator a = new MimallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), 4096);
            long first = a.allocate(16);
            assertThat(first).isEqualTo(4096 + 11 * 4096 + 384);
            assertThat(a.allocate(64)).as("no room for a second page").isEqualTo(Allocator.NO_FIT);
            assertThat(a.allocate(1L << 20)).isEqualTo(Allocator.NO_FIT);
            a.free(first, 16);
            // the retired page is freed to make room
            assertThat(a.allocate(64)).isEqualTo(first);
            a.verify();
        }
    }
}
