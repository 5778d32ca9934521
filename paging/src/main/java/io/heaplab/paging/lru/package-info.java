/** Strict LRU at one memory size, and at every memory size in one pass (Mattson et al. 1970). */
package io.heaplab.paging.lru;
