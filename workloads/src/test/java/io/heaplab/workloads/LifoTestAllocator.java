package io.heaplab.workloads;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * A trivial correct allocator for workload tests: grows the heap by the block size rounded up to a power of two
 * (which divides the page, so no block straddles two pages) and reuses freed blocks last in, first out, so the
 * addresses it gives depend on the order of the frees. A full bounded heap answers {@link #NO_FIT}.
 */
public class LifoTestAllocator implements Allocator {

    private final Heap heap;
    private final LongArrayList free = new LongArrayList();

    public LifoTestAllocator(Heap heap) {
        this.heap = heap;
    }

    @Override
    public long allocate(long size) {
        if (!free.isEmpty()) {
            return free.popLong();
        }
        // Heap.NO_ROOM is NO_FIT
        return heap.grow(size == 1 ? 1 : Long.highestOneBit(size - 1) << 1);
    }

    @Override
    public void free(long address, long size) {
        free.push(address);
    }
}
