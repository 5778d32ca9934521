/** SIEVE (Zhang et al., "SIEVE is Simpler than LRU", NSDI 2024): a FIFO queue swept by a hand over visited bits. */
package io.heaplab.paging.sieve;
