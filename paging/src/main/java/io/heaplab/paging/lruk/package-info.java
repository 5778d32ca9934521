/** LRU-K (O'Neil, O'Neil &amp; Weikum, SIGMOD 1993): eviction by backward K-distance. */
package io.heaplab.paging.lruk;
