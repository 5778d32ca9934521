/** 2Q (Johnson &amp; Shasha, VLDB 1994): a FIFO for pages seen once, its ghosts, and an LRU for pages seen again. */
package io.heaplab.paging.twoq;
