package io.heaplab.allocators.mimalloc;

/**
 * mimalloc's size classes, its bins ({@code mi_bin} and the block sizes of {@code MI_PAGE_QUEUES_EMPTY}, mimalloc
 * 2.0.9, {@code src/page-queue.c} and {@code src/init.c}), computed rather than tabled.
 *
 * <pre>
 *  wsize = ceil(size / 8)                                 words
 *  wsize &lt;= 1          bin 1                               8 bytes
 *  wsize &lt;= 8          bin (wsize + 1) &amp; ~1              even words: 16, 32, 48, 64 bytes (MI_ALIGN2W)
 *  wsize &gt; medium max  bin 73, MI_BIN_HUGE                 large and huge objects
 *  otherwise           w = wsize - 1, b = floor(log2 w)
 *                      bin (4b + the two bits of w after its leading one) - 3      4 bins per doubling
 *
 *  bin      1  2  4  6  8   9  10  11  12  13  14  15  16  17 ..  24 ..  52       73     74
 *  words    1  2  4  6  8  10  12  14  16  20  24  28  32  40 .. 128 .. 16384   huge   full
 * </pre>
 *
 * On x86-64 {@code MI_MAX_ALIGN_SIZE} is 16, twice a word, so mimalloc is built with {@code MI_ALIGN2W}: requests of
 * up to 8 words round to an even number of words, and bins 3, 5 and 7 (24, 40, 56 bytes) exist but are never used.
 * Every block size but the 8-byte one is a multiple of 16, so blocks are 16-byte aligned except those of bin 1.
 */
final class Bins {

    /** {@code MI_BIN_HUGE}: the queue of large and huge pages, one block each. */
    static final int HUGE = 73;
    /** {@code MI_BIN_FULL}: the queue of pages found full. */
    static final int FULL = HUGE + 1;
    /** Queues in a heap, {@code MI_BIN_FULL + 1}. */
    static final int QUEUES = FULL + 1;

    /** {@code MI_MEDIUM_OBJ_WSIZE_MAX}. */
    private final long mediumWsizeMax;

    Bins(Geometry geometry) {
        this.mediumWsizeMax = geometry.mediumObjMax / Geometry.WORD;
    }

    /** {@code _mi_wsize_from_size}: words that hold {@code size} bytes. */
    static long wsize(long size) {
        return (size + Geometry.WORD - 1) >>> 3;
    }

    /** {@code mi_bin}: the bin of a request of {@code size} bytes. */
    int bin(long size) {
        long wsize = wsize(size);
        if (wsize <= 1) {
            return 1;
        }
        if (wsize <= 8) {
            return (int) (wsize + 1 & ~1);
        }
        if (wsize > mediumWsizeMax) {
            return HUGE;
        }
        long w = wsize - 1;
        int b = 63 - Long.numberOfLeadingZeros(w);
        return (b << 2) + (int) (w >>> (b - 2) & 3) - 3;
    }

    /**
     * The block size of bin {@code bin} in bytes: the largest request it takes, as {@code MI_PAGE_QUEUES_EMPTY}
     * lists it; for the huge and full queues the marker sizes one and two words past the medium maximum.
     */
    long blockSize(int bin) {
        if (bin == HUGE) {
            return (mediumWsizeMax + 1) * Geometry.WORD;
        }
        if (bin == FULL) {
            return (mediumWsizeMax + 2) * Geometry.WORD;
        }
        if (bin <= 8) {
            return (long) Math.max(bin, 1) * Geometry.WORD;
        }
        // bin + 3 = 4b + t: the words w - 1 of the bin run from (4 + t) << (b - 2) to ((5 + t) << (b - 2)) - 1
        int b = (bin + 3) >>> 2;
        int t = (bin + 3) & 3;
        return (long) (5 + t) << (b - 2) << 3;
    }
}
