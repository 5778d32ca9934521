package io.heaplab.workloads.purdom;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import java.util.BitSet;

/**
 * A simple correct allocator of varied sizes for the tests of Purdom, Stigler &amp; Cheam 1970's workload: first fit
 * over a bitmap of cells. A block of {@code size} bytes takes {@code ceil((size + header) / cell)} cells, rounded up
 * to a power of 2 when {@code powerOfTwo} (a buddy system's waste, without its alignment), and the address
 * returned lies just past its header, which holds a marker the allocator checks when the block comes back. Blocks
 * are found from the lowest cell up; a block that would end past the heap's capacity is {@link #NO_FIT}.
 */
final class CellFirstFitTestAllocator implements Allocator {

    private static final long MARKER = 0x5EED_CE11_0000_0000L;

    private final Heap heap;
    private final HeapAccess bookkeeping;
    private final long cell;
    private final long header;
    private final boolean powerOfTwo;
    private final long maxCells;
    private final BitSet used = new BitSet();
    private long searches;

    CellFirstFitTestAllocator(Heap heap, long cell, long header, boolean powerOfTwo) {
        this.heap = heap;
        this.bookkeeping = heap.bookkeeping();
        this.cell = cell;
        this.header = header;
        this.powerOfTwo = powerOfTwo;
        this.maxCells = Math.min(Integer.MAX_VALUE, heap.capacity() / cell);
    }

    /** The cells a block of {@code size} bytes takes. */
    long cells(long size) {
        long n = (size + header + cell - 1) / cell;
        return powerOfTwo && Long.bitCount(n) != 1 ? Long.highestOneBit(n) << 1 : n;
    }

    @Override
    public long allocate(long size) {
        long n = cells(size);
        int start = used.nextClearBit(0);
        while (true) {
            searches++;
            if (start + n > maxCells) {
                return NO_FIT;
            }
            int end = used.nextSetBit(start);
            if (end < 0 || end - start >= n) {
                break;
            }
            start = used.nextClearBit(end);
        }
        used.set(start, (int) (start + n));
        long end = (start + n) * cell;
        if (end > heap.size() && heap.grow(end - heap.size()) == Heap.NO_ROOM) {
            throw new AssertionError("the heap refused to grow to " + end + " bytes");
        }
        long block = start * cell;
        if (header >= 8) {
            bookkeeping.setLong(block + header - 8, MARKER | size);
        }
        return block + header;
    }

    @Override
    public void free(long address, long size) {
        long block = address - header;
        if (block < 0 || block % cell != 0) {
            throw new AssertionError("freed " + address + ", which is no block's address");
        }
        int start = (int) (block / cell);
        int n = (int) cells(size);
        if (used.nextClearBit(start) < start + n) {
            throw new AssertionError("freed " + address + " for " + size + " bytes, which is not all allocated");
        }
        if (header >= 8 && bookkeeping.getLong(block + header - 8) != (MARKER | size)) {
            throw new AssertionError("the header of the block at " + address + " was overwritten");
        }
        used.clear(start, start + n);
    }

    @Override
    public long searches() {
        return searches;
    }

    /** The cells held by live blocks now. */
    long usedCells() {
        return used.cardinality();
    }
}
