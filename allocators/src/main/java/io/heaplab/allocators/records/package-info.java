/**
 * The course report's allocator: block records in two lists, first, best and worst fit, no coalescing (C. Zhang,
 * Operating Systems Principles: Segmented Memory Allocator, RMIT COSC1114 report).
 */
package io.heaplab.allocators.records;
