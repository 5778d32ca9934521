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

    /** Checks the strategy's heavy invariants (free lists consistent, no overlap); for tests, not the hot path. */
    default void verify() {
    }
}
