/** Segmented LRU (Karedla, Love &amp; Wherry, IEEE Computer 1994): a probationary and a protected LRU segment. */
package io.heaplab.paging.slru;
