package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The fields of glibc 2.36's {@code struct malloc_chunk} (malloc/malloc.c), read and written in the heap: a chunk is
 * named by the address of its prev_size field, as {@code mchunkptr} is.
 *
 * <pre>
 *  chunk -&gt; +-----------------------------+
 *           | prev_size: the size of the  |  the previous chunk's last word while that chunk is in use
 *           | previous chunk, if it's free|
 *           +-----------------------------+
 *           | size              |A|M|P|   |  P = PREV_INUSE, M = IS_MMAPPED, A = NON_MAIN_ARENA (never set here)
 *    mem -&gt; +-----------------------------+
 *           | fd  (free: next in its bin) |  the user's data from here while the chunk is in use
 *           | bk  (free: previous)        |
 *           | fd_nextsize  (large, free)  |  the next smaller size in a large bin, on the first chunk of each size
 *           | bk_nextsize  (large, free)  |
 *           | ...                         |
 *  next  -&gt; | prev_size = size (free)     |  the footer: the next chunk's prev_size
 * </pre>
 */
final class Chunks {

    static final long PREV_INUSE = 1;
    static final long IS_MMAPPED = 2;
    static final long SIZE_BITS = 7;

    private static final int SIZE = 8;
    private static final int FD = 16;
    private static final int BK = 24;
    private static final int FD_NEXTSIZE = 32;
    private static final int BK_NEXTSIZE = 40;

    private final HeapAccess mem;

    Chunks(HeapAccess mem) {
        this.mem = mem;
    }

    long prevSize(long p) {
        return mem.getLong(p);
    }

    void setPrevSize(long p, long size) {
        mem.setLong(p, size);
    }

    /** {@code chunksize_nomask}: the size field with its bits. */
    long sizeField(long p) {
        return mem.getLong(p + SIZE);
    }

    /** {@code chunksize}. */
    long size(long p) {
        return mem.getLong(p + SIZE) & ~SIZE_BITS;
    }

    /** {@code set_head}. */
    void setHead(long p, long sizeAndBits) {
        mem.setLong(p + SIZE, sizeAndBits);
    }

    /** {@code set_foot}: the size again in the next chunk's prev_size. */
    void setFoot(long p, long size) {
        mem.setLong(p + size, size);
    }

    boolean prevInuse(long p) {
        return (mem.getLong(p + SIZE) & PREV_INUSE) != 0;
    }

    /** {@code inuse_bit_at_offset}: whether the chunk at {@code p + offset}'s predecessor is in use. */
    boolean inuseBitAt(long p, long offset) {
        return prevInuse(p + offset);
    }

    void setInuseBitAt(long p, long offset) {
        long q = p + offset + SIZE;
        mem.setLong(q, mem.getLong(q) | PREV_INUSE);
    }

    void clearInuseBitAt(long p, long offset) {
        long q = p + offset + SIZE;
        mem.setLong(q, mem.getLong(q) & ~PREV_INUSE);
    }

    long fd(long p) {
        return mem.getLong(p + FD);
    }

    void setFd(long p, long fd) {
        mem.setLong(p + FD, fd);
    }

    long bk(long p) {
        return mem.getLong(p + BK);
    }

    void setBk(long p, long bk) {
        mem.setLong(p + BK, bk);
    }

    long fdNextsize(long p) {
        return mem.getLong(p + FD_NEXTSIZE);
    }

    void setFdNextsize(long p, long q) {
        mem.setLong(p + FD_NEXTSIZE, q);
    }

    long bkNextsize(long p) {
        return mem.getLong(p + BK_NEXTSIZE);
    }

    void setBkNextsize(long p, long q) {
        mem.setLong(p + BK_NEXTSIZE, q);
    }
}
