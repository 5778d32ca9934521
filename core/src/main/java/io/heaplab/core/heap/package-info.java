/**
 * The simulated heap: a virtual address space of off-heap {@code MemorySegment}s, bounded or growing page by
 * page, whose every typed load and store is recorded as a page reference tagged with whose access it was.
 */
package io.heaplab.core.heap;
