/**
 * The binary buddy system (Knowlton, CACM 8, 1965; Knuth, The Art of Computer Programming 1, 2.5): blocks of
 * {@code 2^k} cells with one header word each, one LIFO free list per order threaded through the free blocks, and
 * merging with the buddy found by arithmetic; the strategy Purdom, Stigler &amp; Cheam set against first fit.
 */
package io.heaplab.allocators.buddy;
