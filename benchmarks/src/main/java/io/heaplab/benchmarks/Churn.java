package io.heaplab.benchmarks;

/** A steady state of live blocks that one step churns: frees a block and allocates its replacement. */
interface Churn extends AutoCloseable {

    /** Takes the next step of the {@link OperationTable}; returns the new block's address, so it is consumed. */
    long step();

    /**
     * Takes the next step of the table as C's {@code realloc}: the block the step would free is resized to the size
     * of the block it would allocate; returns its new address.
     */
    long resize();

    /** Gives back every block and the memory under them. */
    @Override
    void close();
}
