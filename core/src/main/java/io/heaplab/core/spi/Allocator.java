package io.heaplab.core.spi;

/**
 * An allocation strategy at work in one heap: hands out blocks by address and takes them back.
 *
 * <p>Both operations are on the hot path: no boxing, no exceptions for a request that does not fit.
 */
public interface Allocator {

    /** What {@link #allocate} returns when the request cannot be met (a bounded heap is full). */
    long NO_FIT = -1;

    /** Returns the address of a new block of at least {@code size} bytes, or {@link #NO_FIT}. */
    long allocate(long size);

    /**
     * Takes back the block at {@code address}, which {@link #allocate} returned for {@code size} bytes (sized
     * deallocation: strategies that keep their own headers may ignore {@code size}).
     */
    void free(long address, long size);

    /**
     * The list elements (or list heads, tree nodes, bitmap words) examined so far while serving requests, accepted
     * or rejected: Purdom, Stigler &amp; Cheam's measure of speed; -1 for a strategy that does not count.
     */
    default long searches() {
        return -1;
    }

    /**
     * The bytes the workload's blocks hold now, headers and rounding included; -1 for a strategy that does not
     * keep the count. With the requested bytes and the footprint it splits fragmentation into internal and
     * external.
     */
    default long heldBytes() {
        return -1;
    }

    /** Checks the strategy's heavy invariants (free lists consistent, no overlap); for tests, not the hot path. */
    default void verify() {
    }
}
