/**
 * The list-fit strategies of Knuth (The Art of Computer Programming 1, 2.5) and the course report on first, best
 * and worst fit: one doubly-linked list of the free blocks of a memory of cells, kept in address or LIFO order,
 * searched by first, next (Knuth's roving pointer), best or worst fit.
 */
package io.heaplab.allocators.fit;
