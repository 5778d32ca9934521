package io.heaplab.workloads.brent;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.WorkloadContext;

/**
 * The 6-byte cell of Brent's TRIDIAG (MRU strategy paper, 3.1), "a small integer and a pointer to another block",
 * shared by both models: its layout, its allocation, and the link check that catches a cell changed while in use.
 *
 * <pre>
 *  a cell        +--------------+----------------------------+
 *                | value: short | link: int address, -1 nil  |
 *                +--------------+----------------------------+
 *                0              2                            6
 * </pre>
 */
final class TridiagCells {

    /** Bytes per cell. */
    static final int CELL = 6;
    /** Where a cell's small integer lies. */
    static final int VALUE = 0;
    /** Where a cell's link lies. */
    static final int LINK = 2;
    /** The end of a list: no address, as the heap's addresses start at 0. */
    static final int NIL = -1;
    /** The smallest order with a rotation to make: step 0 annihilates a(2,0) .. a(n-1,0). */
    static final int MIN_N = 4;
    /**
     * The largest order: a NOFREE run's heap (a few n^3 bytes) stays within reach of a cell's 4-byte pointer, and
     * the sweep model's 16-bit elements hold the matrix's norm (63 n at worst).
     */
    static final int MAX_N = 512;

    private final WorkloadContext context;
    private final HeapAccess heap;

    TridiagCells(WorkloadContext context) {
        this.context = context;
        this.heap = context.heap();
    }

    /** {@code n} if it is an order TRIDIAG runs, or a one-line {@link SpecException}. */
    static int order(int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new SpecException(TridiagProvider.NAME + ": n=" + n + " (expected: " + MIN_N + " to " + MAX_N
                    + ")");
        }
        return n;
    }

    /** A new cell's address, or NIL when a bounded heap has no room. */
    int allocate() {
        long address = context.allocate(CELL);
        if (address == Allocator.NO_FIT) {
            return NIL;
        }
        if (address > Integer.MAX_VALUE - CELL) {
            throw new IllegalStateException(TridiagProvider.NAME + ": a cell at address " + address
                    + " (expected: below 2^31, the reach of a cell's 4-byte pointer)");
        }
        return (int) address;
    }

    /** The link of {@code cell}: nil, or the address of a cell inside the heap, which the program goes to. */
    int link(int cell) {
        int to = heap.getInt(cell + LINK);
        if (to != NIL && (to < 0 || to > heap.heap().size() - CELL)) {
            throw new IllegalStateException(TridiagProvider.NAME + ": the cell at address " + cell + " links to "
                    + to + " (expected: nil or a cell in the heap [0, " + heap.heap().size() + "); a cell was"
                    + " changed while in use: overlapping blocks, or a freed cell written or read)");
        }
        if (to != NIL) {
            context.followed(cell, to);
        }
        return to;
    }
}
