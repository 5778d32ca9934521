/**
 * Doug Lea's malloc as glibc 2.36 implements it (malloc/malloc.c), for one thread and the main arena: chunks with
 * boundary tags in the heap, tcache, fastbins, the unsorted, small and large bins, the top grown by sbrk and large
 * chunks mmapped; every word of its state in the heap.
 */
package io.heaplab.allocators.dlmalloc;
