package io.heaplab.allocators.dlmalloc;

/**
 * The size arithmetic of glibc 2.36's malloc on a 64-bit machine (malloc/malloc.c: {@code request2size},
 * {@code smallbin_index}, {@code largebin_index_64}, {@code fastbin_index}, {@code csize2tidx}): from a request
 * to a chunk size, and from a chunk size to the bin, fastbin or tcache bin that holds it.
 *
 * <pre>
 *  chunk size      32 48 .. 1008 | 1024 .. 3120 | 3136 .. 10744 | 10752 .. 45055 | 45056 .. 163839 | .. 786431 | more
 *  bin             2  3  .. 63   | 64   .. 96   | 97   .. 111   | 112   .. 120   | 120   .. 123    | 124 .. 126 | 126
 *  width           16 (small,    | 64           | 512           | 4096           | 32768           | 262144     | -
 *                   exact size)  |
 *  fastbin         0 .. 6 for 32 .. 128 (max_fast 128); 10 fastbins, up to 176 if M_MXFAST is raised to 160
 *  tcache bin      0 .. 63 for 32 .. 1040 (requests up to 1032 bytes)
 * </pre>
 *
 * Bin 0 does not exist and bin 1 is the unsorted bin. Sizes 45056 to 65535 share bin 120 with 40960 to 45055: the
 * "slop" malloc.c admits in its bin index, kept here.
 */
public final class ChunkSizes {

    /** {@code SIZE_SZ}: the size field, and the prev_size field a chunk lends its successor. */
    public static final int SIZE_SZ = 8;
    /** {@code CHUNK_HDR_SZ}: prev_size and size, the offset of the user's memory in a chunk. */
    public static final int HEADER = 2 * SIZE_SZ;
    /** {@code MALLOC_ALIGNMENT}: 16 on x86-64 (2 * SIZE_SZ, and long double's alignment). */
    public static final int ALIGNMENT = 16;
    /** {@code MINSIZE}: prev_size, size, fd and bk, aligned. */
    public static final int MINSIZE = 32;
    /** {@code NBINS}. */
    public static final int NBINS = 128;
    /** {@code MIN_LARGE_SIZE}: {@code NSMALLBINS * SMALLBIN_WIDTH}, 64 * 16. */
    public static final int MIN_LARGE_SIZE = 1024;
    /** {@code NFASTBINS}: {@code fastbin_index(request2size(MAX_FAST_SIZE)) + 1}, MAX_FAST_SIZE being 160. */
    public static final int NFASTBINS = 10;
    /** {@code MAX_FAST_SIZE}: the largest M_MXFAST, in request bytes. */
    public static final int MAX_FAST_REQUEST = 80 * SIZE_SZ / 4;
    /** {@code DEFAULT_MXFAST}: 64 * SIZE_SZ / 4, in request bytes. */
    public static final int DEFAULT_MXFAST = 64 * SIZE_SZ / 4;
    /** {@code TCACHE_MAX_BINS}. */
    public static final int TCACHE_BINS = 64;
    /** {@code MAX_TCACHE_SIZE}: {@code tidx2usize(63)}, the largest request the tcache serves. */
    public static final int MAX_TCACHE_REQUEST = (TCACHE_BINS - 1) * ALIGNMENT + MINSIZE - SIZE_SZ;

    private static final long ALIGN_MASK = ALIGNMENT - 1;

    private ChunkSizes() {
    }

    /** {@code request2size}: the request, its size field and alignment, at least {@link #MINSIZE}. */
    public static long request2size(long request) {
        long padded = request + SIZE_SZ + ALIGN_MASK;
        return padded < MINSIZE ? MINSIZE : padded & ~ALIGN_MASK;
    }

    /** {@code in_smallbin_range}. */
    public static boolean isSmall(long size) {
        return size < MIN_LARGE_SIZE;
    }

    /** {@code smallbin_index}: one bin per 16 bytes, {@code SMALLBIN_CORRECTION} being 0 on x86-64. */
    public static int smallbinIndex(long size) {
        return (int) (size >>> 4);
    }

    /** {@code largebin_index_64}: bins 64 apart, then 512, 4096, 32768, 262144, the rest in bin 126. */
    public static int largebinIndex(long size) {
        if (size >>> 6 <= 48) {
            return 48 + (int) (size >>> 6);
        }
        if (size >>> 9 <= 20) {
            return 91 + (int) (size >>> 9);
        }
        if (size >>> 12 <= 10) {
            return 110 + (int) (size >>> 12);
        }
        if (size >>> 15 <= 4) {
            return 119 + (int) (size >>> 15);
        }
        if (size >>> 18 <= 2) {
            return 124 + (int) (size >>> 18);
        }
        return 126;
    }

    /** {@code bin_index}. */
    public static int binIndex(long size) {
        return isSmall(size) ? smallbinIndex(size) : largebinIndex(size);
    }

    /** {@code fastbin_index}: 32 bytes is fastbin 0. */
    public static int fastbinIndex(long size) {
        return (int) (size >>> 4) - 2;
    }

    /**
     * {@code set_max_fast}: the largest chunk size fastbins take for an M_MXFAST of {@code request} bytes; up to 7
     * bytes give 16, smaller than any chunk, so no chunk is fast.
     */
    public static long maxFast(int request) {
        return request <= ALIGN_MASK - SIZE_SZ ? MINSIZE / 2 : request + SIZE_SZ & ~ALIGN_MASK;
    }

    /** {@code csize2tidx}: the tcache bin of a chunk size; 64 and up are not cached. */
    public static long tcacheIndex(long size) {
        return (size - MINSIZE + ALIGN_MASK) / ALIGNMENT;
    }

    /** The chunk size tcache bin {@code index} holds. */
    public static long tcacheSize(int index) {
        return (long) index * ALIGNMENT + MINSIZE;
    }
}
