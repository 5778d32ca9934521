package io.heaplab.workloads;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;

/**
 * A broken allocator for workload tests: hands out blocks {@code stride} bytes apart whatever the size asked, so a
 * stride below the size makes each new block overlap the one before; a workload's own checks must catch it.
 */
public final class OverlappingTestAllocator implements Allocator {

    private final Heap heap;
    private final long stride;
    private long next;

    public OverlappingTestAllocator(Heap heap, long stride) {
        this.heap = heap;
        this.stride = stride;
    }

    @Override
    public long allocate(long size) {
        long address = next;
        next += stride;
        if (address + size > heap.size()) {
            heap.grow(address + size - heap.size());
        }
        return address;
    }

    @Override
    public void free(long address, long size) {
    }
}
