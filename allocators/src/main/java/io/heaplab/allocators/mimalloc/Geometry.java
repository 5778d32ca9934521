package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.Bytes;

import io.heaplab.core.spi.SpecException;

/**
 * The sizes mimalloc derives from its slice size: segments, small and medium pages, the object size limits, the
 * segment info and the layout of a page's blocks (mimalloc 2.0.9, {@code include/mimalloc-types.h},
 * {@code src/segment.c}, {@code src/os.c}).
 *
 * <p>On 64-bit mimalloc a slice is 64 KiB ({@code MI_SEGMENT_SLICE_SHIFT} 16) and everything else follows from it:
 * a segment is 512 slices (32 MiB), a small page one slice, a medium page eight (512 KiB); small objects are at most
 * a quarter of a small page (16 KiB; the source's comment still says 8), medium ones a quarter of a medium page
 * (128 KiB), large ones half a segment (16 MiB). heaplab lets the slice shrink to 4 KiB, every derived size
 * shrinking with it, so that a bounded heap of a few dozen pages can hold a segment at all; the default is the real
 * one.
 */
final class Geometry {

    /** {@code MI_INTPTR_SIZE}: a word, and a free-list link. */
    static final int WORD = 8;
    /** The operating system's page: the unit the segment info is rounded to and a large block is touched in. */
    static final int OS_PAGE = 4096;
    /** {@code MI_SLICES_PER_SEGMENT}: {@code MI_SEGMENT_SHIFT = 9 + MI_SEGMENT_SLICE_SHIFT}. */
    static final int SLICES_PER_SEGMENT = 512;
    /** {@code MI_MAX_SLICE_OFFSET}: back offsets a page writes, {@code MI_ALIGNMENT_MAX / slice - 1}. */
    static final int MAX_SLICE_OFFSET = SLICES_PER_SEGMENT / 2 - 1;
    /** Slices in a medium page: {@code MI_MEDIUM_PAGE_SHIFT = 3 + MI_SMALL_PAGE_SHIFT}. */
    static final int MEDIUM_PAGE_SLICES = 8;
    /** {@code MI_SMALL_SIZE_MAX}: requests up to 128 words find their page through the direct array. */
    static final int SMALL_SIZE_MAX = 128 * WORD;
    /**
     * Where a page of blocks from 8 to 1024 bytes begins inside its first slice: {@code 3 * MI_MAX_ALIGN_GUARANTEE}
     * (3 * 8 * 16), so that pages of small blocks do not all start on the same cache sets.
     */
    static final int SMALL_BLOCKS_START = 3 * 8 * 16;
    /** {@code MI_MAX_EXTEND_SIZE}: a page's free list grows by at most this many bytes of blocks at a time. */
    static final int MAX_EXTEND_SIZE = 4 * 1024;
    /** {@code MI_MIN_EXTEND}: but by at least this many blocks. */
    static final int MIN_EXTEND = 4;
    /** {@code MI_HUGE_BLOCK_SIZE}: an {@code xblock_size} this large means "the page's size". */
    static final long HUGE_BLOCK_SIZE = 2L << 30;
    /** {@code sizeof(mi_segment_t)} before its slice array, on 64-bit. */
    static final int SEGMENT_HEADER = 264;
    /** {@code sizeof(mi_segment_t)}: the header and {@code MI_SLICES_PER_SEGMENT + 1} slice entries. */
    static final int SEGMENT_INFO = SEGMENT_HEADER + (SLICES_PER_SEGMENT + 1) * PageDescriptors.SIZE;

    /** The smallest and largest slice the model takes, as shifts. */
    static final int MIN_SLICE_SHIFT = 12;
    static final int MAX_SLICE_SHIFT = 16;
    /** The real slice: 64 KiB. */
    static final int DEFAULT_SLICE = 1 << MAX_SLICE_SHIFT;

    final int sliceShift;
    final int slice;
    final long segmentSize;
    final long segmentMask;
    final int mediumPage;
    /** {@code MI_SMALL_OBJ_SIZE_MAX}, {@code MI_MEDIUM_OBJ_SIZE_MAX}, {@code MI_LARGE_OBJ_SIZE_MAX}. */
    final long smallObjMax;
    final long mediumObjMax;
    final long largeObjMax;
    /** The segment info rounded to OS pages ({@code pre_size}), and the slices it takes. */
    final int infoBytes;
    final int infoSlices;

    /** @param slice bytes per slice, a power of two from 4 KiB to 64 KiB */
    Geometry(int slice) {
        checkSlice(slice);
        this.slice = slice;
        this.sliceShift = Integer.numberOfTrailingZeros(slice);
        this.segmentSize = (long) slice * SLICES_PER_SEGMENT;
        this.segmentMask = segmentSize - 1;
        this.mediumPage = slice * MEDIUM_PAGE_SLICES;
        this.smallObjMax = slice / 4;
        this.mediumObjMax = mediumPage / 4;
        this.largeObjMax = segmentSize / 2;
        this.infoBytes = (int) Bytes.alignUp(SEGMENT_INFO, OS_PAGE);
        this.infoSlices = (infoBytes + slice - 1) >>> sliceShift;
    }

    /** Fails with a one-line {@link SpecException} unless {@code slice} is a power of two from 4 KiB to 64 KiB. */
    static void checkSlice(int slice) {
        if (slice < 1 << MIN_SLICE_SHIFT || slice > 1 << MAX_SLICE_SHIFT || Integer.bitCount(slice) != 1) {
            throw new SpecException(MimallocAllocatorProvider.NAME + ": slice=" + slice + " (expected: a power of 2"
                    + " from " + (1 << MIN_SLICE_SHIFT) + " to " + (1 << MAX_SLICE_SHIFT) + " bytes)");
        }
    }

    /** {@code _mi_os_good_alloc_size}: the block size of a large or huge request, rounded coarser as it grows. */
    static long goodAllocSize(long size) {
        long align;
        if (size < 512L << 10) {
            align = OS_PAGE;
        } else if (size < 2L << 20) {
            align = 64L << 10;
        } else if (size < 8L << 20) {
            align = 256L << 10;
        } else if (size < 32L << 20) {
            align = 1L << 20;
        } else {
            align = 4L << 20;
        }
        return Bytes.alignUp(size, align);
    }

    /** Where the blocks of a page begin in its first slice: 384 bytes in for blocks of 8 to 1024 bytes, else 0. */
    static int startOffset(long blockSize) {
        return blockSize >= WORD && blockSize <= 1024 ? SMALL_BLOCKS_START : 0;
    }
}
