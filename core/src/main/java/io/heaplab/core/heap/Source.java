package io.heaplab.core.heap;

/** Whose access a reference is: the workload's data, or the allocator's own bookkeeping in the heap. */
public enum Source {
    WORKLOAD,
    ALLOCATOR
}
