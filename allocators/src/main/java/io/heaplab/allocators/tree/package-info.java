/**
 * Strategies that index the free blocks of a {@link io.heaplab.allocators.variable.CellAllocator} arena with a tree
 * held in Java fields, while the blocks, their tags and links stay in the heap: Brent's O(log n) first fit (ACM
 * TOPLAS 11(3), 1989), a tree of maxima over fixed segments of the arena.
 */
package io.heaplab.allocators.tree;
