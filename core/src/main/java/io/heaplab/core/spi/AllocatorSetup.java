package io.heaplab.core.spi;

import io.heaplab.core.heap.Heap;

/**
 * What an allocator is created for.
 *
 * @param heap      the heap it manages; it grows it and keeps its bookkeeping there through
 *                  {@link Heap#bookkeeping()}
 * @param blockSize the one size every block of the workload has, or {@link #VARIED}
 */
public record AllocatorSetup(Heap heap, long blockSize) {

    /** The workload asks for blocks of many sizes. */
    public static final long VARIED = 0;

    public AllocatorSetup {
        if (blockSize < 0) {
            throw new IllegalArgumentException("blockSize: " + blockSize + " (expected: >= 0)");
        }
    }

    public boolean isFixedSize() {
        return blockSize != VARIED;
    }
}
