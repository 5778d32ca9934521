package io.heaplab.core.spi;

import io.heaplab.core.heap.Heap;

/**
 * What an allocator is created for.
 *
 * @param heap      the heap it manages; it grows it and keeps its bookkeeping there through
 *                  {@link Heap#bookkeeping()}
 * @param blockSize the one size every block of the workload has, or {@link #VARIED}
 * @param seed      the seed of a strategy that chooses at random (Brent's RANDOM); the runner derives it from
 *                  the run's seed, so the same seed gives the same choices
 */
public record AllocatorSetup(Heap heap, long blockSize, long seed) {

    /** The workload asks for blocks of many sizes. */
    public static final long VARIED = 0;

    public AllocatorSetup {
        if (blockSize < 0) {
            throw new IllegalArgumentException("blockSize: " + blockSize + " (expected: >= 0)");
        }
    }

    /** A setup with seed 0, for strategies that choose nothing at random. */
    public AllocatorSetup(Heap heap, long blockSize) {
        this(heap, blockSize, 0);
    }

    public boolean isFixedSize() {
        return blockSize != VARIED;
    }
}
