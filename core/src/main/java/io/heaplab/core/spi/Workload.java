package io.heaplab.core.spi;

/** A program whose data lives in the simulated heap, ready to run once. */
public interface Workload {

    /** The one size of every block it asks for, or {@link AllocatorSetup#VARIED}. */
    long blockSize();

    /** Runs to completion, reading and writing its data only through {@code context}. */
    void run(WorkloadContext context);
}
