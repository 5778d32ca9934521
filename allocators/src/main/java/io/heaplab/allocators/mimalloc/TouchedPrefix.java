package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.Heap;

/**
 * The heap's break as the end of the memory mimalloc has touched: reserved segments cost nothing until their info
 * is written or a page's free list is extended over them, and then the heap grows, like {@code sbrk}, to cover the
 * highest byte touched (mimalloc 2.0.9 reserves a segment with {@code mmap} and its pages become resident on first
 * touch; {@code src/segment.c}, {@code src/page.c mi_page_extend_free}).
 */
final class TouchedPrefix {

    private final Heap heap;

    TouchedPrefix(Heap heap) {
        this.heap = heap;
    }

    /** Grows the heap to {@code end} unless it already reaches it; false when a bounded heap has no room. */
    boolean cover(long end) {
        return heap.growTo(end);
    }

    long end() {
        return heap.size();
    }
}
