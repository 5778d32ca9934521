/**
 * Brent's strategies for blocks of one fixed size on a computer with virtual memory: each carves pages into
 * {@code floor(p / s)} blocks and differs only in which free block it hands out next. STACK, RANDOM and NOFREE
 * (sections 2.1-2.3) choose among all free blocks; MRU, LEAST-FREE and MOST-FREE (2.4-2.5) keep to a current
 * page. What a strategy keeps per page lives in metadata pages of the heap, apart from the blocks.
 */
package io.heaplab.allocators.fixed;
