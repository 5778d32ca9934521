/**
 * Brent's strategies for blocks of one fixed size on a computer with virtual memory: each carves pages into
 * {@code floor(p / s)} blocks and differs only in which free block it hands out next.
 */
package io.heaplab.allocators.fixed;
