/**
 * Brent's MRU strategy for blocks of varied sizes on a computer with virtual memory: size classes below half a
 * page, each choosing its current page by the MRU rule, over a page level that hands out runs of whole pages by
 * first fit; all bookkeeping lives in the heap.
 */
package io.heaplab.allocators.mruff;
