/**
 * Real programs' malloc traces replayed under the system's real allocators (the C library's malloc, jemalloc,
 * mimalloc, tcmalloc) by a small C program heaplab compiles on first use, measuring their resident memory, faults and
 * time beside heaplab's simulated strategies.
 */
package io.heaplab.traces.malloc.system;
