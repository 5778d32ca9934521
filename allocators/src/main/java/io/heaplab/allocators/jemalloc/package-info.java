/**
 * jemalloc 5.3.0 for one thread and one arena (Evans, "A Scalable Concurrent malloc(3) Implementation for
 * FreeBSD", BSDCan 2006; the source at github.com/jemalloc/jemalloc, tag 5.3.0): size classes, slabs with region
 * bitmaps, the thread cache, and page extents split and coalesced, on heaplab's simulated heap.
 */
package io.heaplab.allocators.jemalloc;
