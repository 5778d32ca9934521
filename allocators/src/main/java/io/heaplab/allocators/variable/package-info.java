/**
 * What every strategy for blocks of any size shares: a memory of cells, one header word per block, boundary tags
 * on free blocks for immediate coalescing (Knuth, The Art of Computer Programming 1, 2.5), and doubly-linked free
 * lists threaded through the free blocks themselves.
 */
package io.heaplab.allocators.variable;
