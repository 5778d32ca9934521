package io.heaplab.allocators.variable;

import io.heaplab.core.spi.Allocator;

/**
 * A strategy for blocks of any size in a memory of cells (Purdom, Stigler &amp; Cheam 1970), with what tests and
 * reports ask of its free space. The queries walk the heap: they are for tests and reports, not the hot path.
 */
public interface VariableSizeAllocator extends Allocator {

    /** Every address handed out is a multiple of this. */
    int ALIGNMENT = 8;

    /** The bytes of memory the strategy manages now: all of a bounded heap, what it has grown to otherwise. */
    long arenaBytes();

    /** The size in bytes of every free block, in address order: a walk of the whole arena. */
    long[] freeBlockBytes();

    /** How many free blocks there are; after everything is freed, immediate coalescing leaves the fewest. */
    default int freeBlocks() {
        return freeBlockBytes().length;
    }

    /** The bytes in free blocks. */
    default long freeBytes() {
        long bytes = 0;
        for (long block : freeBlockBytes()) {
            bytes += block;
        }
        return bytes;
    }

    /** The bytes of the largest free block, 0 when there is none. */
    default long largestFreeBytes() {
        long largest = 0;
        for (long block : freeBlockBytes()) {
            largest = Math.max(largest, block);
        }
        return largest;
    }
}
