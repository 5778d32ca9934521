package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The page descriptor, mimalloc's {@code mi_page_t}, which is also a slice entry ({@code mi_slice_t}) of a segment's
 * slice array: its fields at their 64-bit offsets, read and written through the heap's bookkeeping view (mimalloc
 * 2.0.9, {@code include/mimalloc-types.h}).
 *
 * <pre>
 *  offset  0 slice_count  4 slice_offset  10 capacity  12 reserved  14 flags (in_full)  15 retire_expire
 *         16 free         24 used         28 xblock_size            32 local_free        40 xthread_free
 *         48 xheap        56 next         64 prev                   72 padding           80 bytes in all
 * </pre>
 *
 * The three free lists ({@code free}, {@code local_free}, {@code xthread_free}) are linked through the first word of
 * each free block. {@code xthread_free} takes the frees of other threads; one thread never fills it, so it stays 0,
 * and the model keeps it only to read it where mimalloc does. {@code xheap} is not kept: there is one heap. Counts
 * that mimalloc keeps in 16 bits ({@code capacity}, {@code reserved}) are 16 bits here too.
 */
final class PageDescriptors {

    static final int SIZE = 80;

    static final int SLICE_COUNT = 0;
    static final int SLICE_OFFSET = 4;
    static final int CAPACITY = 10;
    static final int RESERVED = 12;
    static final int FLAGS = 14;
    static final int RETIRE_EXPIRE = 15;
    static final int FREE = 16;
    static final int USED = 24;
    static final int XBLOCK_SIZE = 28;
    static final int LOCAL_FREE = 32;
    static final int XTHREAD_FREE = 40;
    static final int NEXT = 56;
    static final int PREV = 64;

    /** The {@code in_full} bit of {@code flags}. */
    static final int IN_FULL = 1;

    private final HeapAccess m;

    PageDescriptors(HeapAccess m) {
        this.m = m;
    }

    int sliceCount(long page) {
        return m.getInt(page + SLICE_COUNT);
    }

    void setSliceCount(long page, int count) {
        m.setInt(page + SLICE_COUNT, count);
    }

    int sliceOffset(long slice) {
        return m.getInt(slice + SLICE_OFFSET);
    }

    void setSliceOffset(long slice, int offset) {
        m.setInt(slice + SLICE_OFFSET, offset);
    }

    int capacity(long page) {
        return m.getShort(page + CAPACITY) & 0xFFFF;
    }

    void setCapacity(long page, int capacity) {
        m.setShort(page + CAPACITY, (short) capacity);
    }

    int reserved(long page) {
        return m.getShort(page + RESERVED) & 0xFFFF;
    }

    void setReserved(long page, int reserved) {
        m.setShort(page + RESERVED, (short) reserved);
    }

    int flags(long page) {
        return m.getByte(page + FLAGS);
    }

    boolean inFull(long page) {
        return (m.getByte(page + FLAGS) & IN_FULL) != 0;
    }

    void setInFull(long page, boolean inFull) {
        m.setByte(page + FLAGS, (byte) (inFull ? IN_FULL : 0));
    }

    int retireExpire(long page) {
        return m.getByte(page + RETIRE_EXPIRE);
    }

    void setRetireExpire(long page, int expire) {
        m.setByte(page + RETIRE_EXPIRE, (byte) expire);
    }

    long free(long page) {
        return m.getLong(page + FREE);
    }

    void setFree(long page, long block) {
        m.setLong(page + FREE, block);
    }

    int used(long page) {
        return m.getInt(page + USED);
    }

    void setUsed(long page, int used) {
        m.setInt(page + USED, used);
    }

    /** {@code xblock_size}, unsigned 32 bits: 0 marks a free span, 1 a slice inside a page or span. */
    long xblockSize(long slice) {
        return m.getInt(slice + XBLOCK_SIZE) & 0xFFFF_FFFFL;
    }

    void setXblockSize(long slice, long size) {
        m.setInt(slice + XBLOCK_SIZE, (int) Math.min(size, Geometry.HUGE_BLOCK_SIZE));
    }

    long localFree(long page) {
        return m.getLong(page + LOCAL_FREE);
    }

    void setLocalFree(long page, long block) {
        m.setLong(page + LOCAL_FREE, block);
    }

    long threadFree(long page) {
        return m.getLong(page + XTHREAD_FREE);
    }

    long next(long page) {
        return m.getLong(page + NEXT);
    }

    void setNext(long page, long next) {
        m.setLong(page + NEXT, next);
    }

    long prev(long page) {
        return m.getLong(page + PREV);
    }

    void setPrev(long page, long prev) {
        m.setLong(page + PREV, prev);
    }

    /** The link in the first word of the free block {@code block}. */
    long blockNext(long block) {
        return m.getLong(block);
    }

    void setBlockNext(long block, long next) {
        m.setLong(block, next);
    }

    /**
     * {@code mi_segment_page_clear}'s {@code memset}: every field from {@code capacity} on back to 0, as a freed page
     * leaves them for the next page made at this slice.
     */
    void clear(long page) {
        m.setShort(page + CAPACITY, (short) 0);
        m.setShort(page + RESERVED, (short) 0);
        m.setShort(page + FLAGS, (short) 0);
        for (int field = FREE; field < SIZE; field += Long.BYTES) {
            m.setLong(page + field, 0);
        }
    }
}
