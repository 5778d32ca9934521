package io.heaplab.core.spi;

import io.heaplab.core.heap.Heap;

/** A program whose data lives in the simulated heap, ready to run once. */
public interface Workload {

    /** The one size of every block it asks for, or {@link AllocatorSetup#VARIED}. */
    long blockSize();

    /**
     * The most bytes its heap may hold, or {@link Heap#GROWABLE}: an experiment on a bounded
     * memory (Purdom's 128, 256 and 512 cells) says so itself. A run's own bound, if smaller, wins.
     */
    default long heapCapacity() {
        return Heap.GROWABLE;
    }

    /** Runs to completion, reading and writing its data only through {@code context}. */
    void run(WorkloadContext context);
}
