package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The heap's page queues, one per bin plus the huge and the full queue, and the direct array that takes a small
 * request to the first page of its bin without computing the bin (mimalloc 2.0.9, {@code mi_heap_t} in
 * {@code include/mimalloc-types.h}, {@code src/page-queue.c}).
 *
 * <pre>
 *  heap (in the static area)
 *  +0     tld pointer (not kept)
 *  +8     pages_free_direct[129]   wsize 0..128 -&gt; first page of the bin of that many words, or 0 (the empty page)
 *  +1040  pages[75]                {first, last, block_size}: a doubly linked queue of pages through their
 *                                  descriptors' next/prev; bins 1..72, 73 huge, 74 full
 *  +3024  page_count, page_retired_min, page_retired_max
 * </pre>
 *
 * A page enters its queue at the front ({@code mi_page_queue_push}: a fresh page is tried first) and moves between
 * its queue and the full queue at the back ({@code mi_page_queue_enqueue_from}). Whenever the first page of a small
 * bin changes, the direct entries of every word size that maps to the bin are rewritten
 * ({@code mi_heap_queue_first_update}).
 */
final class PageQueues {

    static final int DIRECT = 8;
    static final int DIRECT_ENTRIES = Geometry.SMALL_SIZE_MAX / Geometry.WORD + 1;
    static final int QUEUES = DIRECT + DIRECT_ENTRIES * Long.BYTES;
    static final int QUEUE_SIZE = 24;
    static final int FIRST = 0;
    static final int LAST = 8;
    static final int BLOCK_SIZE = 16;
    static final int PAGE_COUNT = 3024;
    static final int RETIRED_MIN = 3032;
    static final int RETIRED_MAX = 3040;
    /** Bytes of {@code mi_heap_t} the layout reaches. */
    static final int HEAP_SIZE = 3064;

    private final HeapAccess m;
    private final Bins bins;
    private final PageDescriptors pages;
    private final long heap;

    PageQueues(HeapAccess m, Bins bins, PageDescriptors pages, long heap) {
        this.m = m;
        this.bins = bins;
        this.pages = pages;
        this.heap = heap;
    }

    /** Writes the queues' block sizes and the empty retire range, as {@code _mi_heap_empty} holds them. */
    void initialize() {
        for (int bin = 0; bin < Bins.QUEUES; bin++) {
            m.setLong(queue(bin) + BLOCK_SIZE, bins.blockSize(bin));
        }
        m.setLong(heap + RETIRED_MIN, Bins.FULL);
        m.setLong(heap + RETIRED_MAX, 0);
    }

    /** The address of queue {@code bin}. */
    long queue(int bin) {
        return heap + QUEUES + (long) bin * QUEUE_SIZE;
    }

    /** The bin of the queue at {@code queue}. */
    int binOf(long queue) {
        return (int) ((queue - heap - QUEUES) / QUEUE_SIZE);
    }

    /** {@code mi_page_queue_of}: the full queue for a page in it, else the queue of the page's block size. */
    long queueOf(long page, long blockSize) {
        return pages.inFull(page) ? queue(Bins.FULL) : queue(bins.bin(blockSize));
    }

    long first(long queue) {
        return m.getLong(queue + FIRST);
    }

    long last(long queue) {
        return m.getLong(queue + LAST);
    }

    long blockSize(long queue) {
        return m.getLong(queue + BLOCK_SIZE);
    }

    /** {@code mi_page_queue_is_special}: the huge or the full queue. */
    boolean isSpecial(long queue, long mediumObjMax) {
        return blockSize(queue) > mediumObjMax;
    }

    /** The direct entry for requests of {@code wsize} words. */
    long direct(long wsize) {
        return m.getLong(heap + DIRECT + wsize * Long.BYTES);
    }

    long pageCount() {
        return m.getLong(heap + PAGE_COUNT);
    }

    long retiredMin() {
        return m.getLong(heap + RETIRED_MIN);
    }

    long retiredMax() {
        return m.getLong(heap + RETIRED_MAX);
    }

    void setRetired(long min, long max) {
        m.setLong(heap + RETIRED_MIN, min);
        m.setLong(heap + RETIRED_MAX, max);
    }

    /** {@code mi_page_queue_push}: {@code page} goes first in {@code queue}. */
    void push(long queue, long page) {
        pages.setInFull(page, binOf(queue) == Bins.FULL);
        long first = first(queue);
        pages.setNext(page, first);
        pages.setPrev(page, 0);
        if (first != 0) {
            pages.setPrev(first, page);
        } else {
            m.setLong(queue + LAST, page);
        }
        m.setLong(queue + FIRST, page);
        firstUpdate(queue);
        m.setLong(heap + PAGE_COUNT, pageCount() + 1);
    }

    /** {@code mi_page_queue_remove}: takes {@code page} out of {@code queue}. */
    void remove(long queue, long page) {
        unlink(queue, page);
        m.setLong(heap + PAGE_COUNT, pageCount() - 1);
        pages.setNext(page, 0);
        pages.setPrev(page, 0);
        pages.setInFull(page, false);
    }

    /** {@code mi_page_queue_enqueue_from}: moves {@code page} from {@code from} to the back of {@code to}. */
    void enqueueFrom(long to, long from, long page) {
        unlink(from, page);
        long last = last(to);
        pages.setPrev(page, last);
        pages.setNext(page, 0);
        m.setLong(to + LAST, page);
        if (last != 0) {
            pages.setNext(last, page);
        } else {
            m.setLong(to + FIRST, page);
            firstUpdate(to);
        }
        pages.setInFull(page, binOf(to) == Bins.FULL);
    }

    private void unlink(long queue, long page) {
        long prev = pages.prev(page);
        long next = pages.next(page);
        if (prev != 0) {
            pages.setNext(prev, next);
        }
        if (next != 0) {
            pages.setPrev(next, prev);
        }
        if (page == last(queue)) {
            m.setLong(queue + LAST, prev);
        }
        if (page == first(queue)) {
            m.setLong(queue + FIRST, next);
            firstUpdate(queue);
        }
    }

    /**
     * {@code mi_heap_queue_first_update}: points the direct entries of every word size that maps to a small bin at
     * its first page, from one past the largest word size of the bins below that differ from it.
     */
    private void firstUpdate(long queue) {
        long size = blockSize(queue);
        if (size > Geometry.SMALL_SIZE_MAX) {
            return;
        }
        long page = first(queue);
        long idx = Bins.wsize(size);
        if (direct(idx) == page) {
            return;
        }
        long start;
        if (idx <= 1) {
            start = 0;
        } else {
            int bin = bins.bin(size);
            long prev = queue - QUEUE_SIZE;
            while (bin == bins.bin(blockSize(prev)) && prev > queue(0)) {
                prev -= QUEUE_SIZE;
            }
            start = Math.min(idx, 1 + Bins.wsize(blockSize(prev)));
        }
        for (long sz = start; sz <= idx; sz++) {
            m.setLong(heap + DIRECT + sz * Long.BYTES, page);
        }
    }
}
