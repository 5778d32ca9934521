package io.heaplab.benchmarks;

/** A steady state of live blocks that one step churns: frees a block and allocates its replacement. */
interface Churn extends AutoCloseable {

    /** Takes the next step of the {@link OperationTable}; returns the new block's address, so it is consumed. */
    long step();

    /** Gives back every block and the memory under them. */
    @Override
    void close();
}
