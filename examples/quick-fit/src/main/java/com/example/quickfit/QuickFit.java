package com.example.quickfit;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import java.util.Arrays;

/**
 * Weinstock and Wulf's quick fit (1988): an exact-size free list for every small size and one first-fit list for
 * the rest, with fresh space cut from the end of the heap.
 *
 * <pre>
 *  quick[1] -> [16 B] -> [16 B] -> nil        every small size rounds up to whole 16-byte granules
 *  quick[2] -> [32 B] -> nil                  and is served LIFO from its own list: no search at all
 *  ...
 *  misc     -> [size|next ... 700 B] -> [size|next ... 1200 B] -> nil   first fit, the whole block
 *  break    -> fresh space: heap.grow()
 * </pre>
 *
 * A free block holds its own links: the next block's address in its first word (and, on the misc list, its size
 * in the second), written through {@link Heap#bookkeeping()} so that heaplab pages those references as the
 * allocator's. There are no headers, since heaplab frees with the block's size. A misc block bigger than the
 * request is split and its rest goes back on the list of its size; free blocks are never coalesced.
 */
final class QuickFit implements Allocator {

    static final int GRANULE = 16;
    private static final long NIL = -1;

    private final Heap heap;
    private final HeapAccess links;
    /** Heads of the exact-size lists, by size in granules; small enough to keep outside the heap, like registers. */
    private final long[] quick;
    private long misc = NIL;
    private long held;
    private long searches;

    /**
     * @param heap           the heap to manage
     * @param quickGranules  the largest size, in granules, with a list of its own
     */
    QuickFit(Heap heap, int quickGranules) {
        if (quickGranules < 1) {
            throw new IllegalArgumentException("quickGranules: " + quickGranules + " (expected: >= 1)");
        }
        this.heap = heap;
        this.links = heap.bookkeeping();
        this.quick = new long[quickGranules + 1];
        Arrays.fill(quick, NIL);
    }

    /** The bytes a request takes: whole granules, at least one (a free block must hold its links). */
    static long rounded(long size) {
        return Math.max(GRANULE, (size + GRANULE - 1) / GRANULE * GRANULE);
    }

    @Override
    public long allocate(long size) {
        long bytes = rounded(size);
        long granules = bytes / GRANULE;
        long address = granules < quick.length ? popQuick((int) granules) : takeMisc(bytes);
        if (address == NIL) {
            address = heap.grow(bytes);
            if (address == Heap.NO_ROOM) {
                return NO_FIT;
            }
        }
        held += bytes;
        return address;
    }

    private long popQuick(int granules) {
        long head = quick[granules];
        searches++;
        if (head != NIL) {
            quick[granules] = links.getLong(head);
        }
        return head;
    }

    /**
     * The first block on the misc list that is big enough, unlinked, its front {@code bytes} taken and the rest
     * given back to the list of its size; NIL when no block is big enough.
     */
    private long takeMisc(long bytes) {
        long previous = NIL;
        for (long block = misc; block != NIL; block = links.getLong(block)) {
            searches++;
            long blockBytes = links.getLong(block + 8);
            if (blockBytes >= bytes) {
                long next = links.getLong(block);
                if (previous == NIL) {
                    misc = next;
                } else {
                    links.setLong(previous, next);
                }
                if (blockBytes > bytes) {
                    push(block + bytes, blockBytes - bytes);
                }
                return block;
            }
            previous = block;
        }
        return NIL;
    }

    @Override
    public void free(long address, long size) {
        long bytes = rounded(size);
        push(address, bytes);
        held -= bytes;
    }

    /** Puts a free block of whole granules at the head of the list for its size. */
    private void push(long address, long bytes) {
        long granules = bytes / GRANULE;
        if (granules < quick.length) {
            links.setLong(address, quick[(int) granules]);
            quick[(int) granules] = address;
        } else {
            links.setLong(address, misc);
            links.setLong(address + 8, bytes);
            misc = address;
        }
    }

    @Override
    public long searches() {
        return searches;
    }

    @Override
    public long heldBytes() {
        return held;
    }

    /** Every free block lies inside the heap, on a granule, and on one list only. */
    @Override
    public void verify() {
        long limit = heap.size() / GRANULE;
        long seen = 0;
        for (int granules = 1; granules < quick.length; granules++) {
            for (long block = quick[granules]; block != NIL; block = links.getLong(block)) {
                check(block, granules * (long) GRANULE, ++seen, limit);
            }
        }
        for (long block = misc; block != NIL; block = links.getLong(block)) {
            check(block, links.getLong(block + 8), ++seen, limit);
        }
    }

    private void check(long block, long bytes, long seen, long limit) {
        if (block < 0 || block % GRANULE != 0 || bytes < GRANULE || block + bytes > heap.size()) {
            throw new IllegalStateException("free block " + block + " of " + bytes + " bytes is outside the heap "
                    + "or off a granule (heap: " + heap.size() + " bytes)");
        }
        if (seen > limit) {
            throw new IllegalStateException("more free blocks than granules: a free list has a cycle");
        }
    }
}
