/** LFU, least frequently used, with O(1) frequency buckets (Shah, Mitra &amp; Matani 2010). */
package io.heaplab.paging.lfu;
