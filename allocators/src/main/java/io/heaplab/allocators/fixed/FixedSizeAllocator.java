package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;

/**
 * The page geometry every fixed-size strategy of Brent ("The Most-Recently-Used Strategy for Dynamic Storage
 * Allocation on a Computer with Virtual Memory", section 2) shares: blocks of one size {@code s},
 * {@code c = floor(p / s)} of them to a page of {@code p} bytes, none straddling a page.
 *
 * <pre>
 *  page k, at address k * p
 * +---------+---------+---------+-- ... --+-----------+--------------+
 * | slot 0  | slot 1  | slot 2  |         | slot c-1  | tail, unused |
 * +---------+---------+---------+-- ... --+-----------+--------------+
 * |<-- s -->|                                         |<- p - c*s -->|
 *
 *  block number n = k * c + slot       address(n) = (n / c) * p + (n % c) * s
 * </pre>
 *
 * A block number is an {@code int}, so a strategy can keep it in 4 bytes inside a free block (Brent assumes a
 * block is "large enough to store one pointer"); that is why {@code s} must be at least 4. A strategy owns its
 * heap: it grows it a page at a time and nothing else may, so page {@code k} is the {@code k}-th page it got.
 *
 * <p>The constructor checks the setup and fails with a one-line {@link SpecException}; a request for any size
 * but {@code s} is a bug in the workload and fails with an {@link IllegalArgumentException}.
 */
public abstract class FixedSizeAllocator implements Allocator {

    /** The smallest block: room for a 32-bit free-list link. */
    public static final int MIN_BLOCK_SIZE = 4;

    /** The end of a list of block numbers. */
    protected static final int END = -1;

    /** The strategy's short name, for messages. */
    protected final String name;
    protected final Heap heap;
    /** Where a strategy reads and writes what it keeps inside the heap, so a run can count those references. */
    protected final HeapAccess bookkeeping;
    /** {@code s}: bytes per block. */
    protected final int blockSize;
    /** {@code p}: bytes per page. */
    protected final int pageSize;
    protected final int pageShift;
    /** {@code c = floor(p / s)}: blocks per page. */
    protected final int blocksPerPage;
    /** The most pages whose blocks all have an {@code int} number. */
    protected final long maxPages;

    /**
     * Checks that {@code setup} is a fixed-size one with {@code 4 <= s <= p}.
     *
     * @param name the strategy's short name, which starts every error message
     */
    protected FixedSizeAllocator(String name, AllocatorSetup setup) {
        this.name = name;
        this.heap = setup.heap();
        this.pageSize = heap.pageSize();
        this.pageShift = heap.pageShift();
        if (!setup.isFixedSize()) {
            throw new SpecException(name + ": the workload asks for blocks of varied sizes (expected: one block"
                    + " size; " + name + " is one of Brent's fixed-size strategies)");
        }
        if (setup.blockSize() < MIN_BLOCK_SIZE || setup.blockSize() > pageSize) {
            throw new SpecException(name + ": blockSize " + setup.blockSize() + " (expected: " + MIN_BLOCK_SIZE
                    + " .. " + pageSize + " bytes, room for a free-list link and at most the page size)");
        }
        this.bookkeeping = heap.bookkeeping();
        this.blockSize = (int) setup.blockSize();
        this.blocksPerPage = pageSize / blockSize;
        this.maxPages = Integer.MAX_VALUE / blocksPerPage;
    }

    /** The address of block {@code block}. */
    protected final long addressOf(int block) {
        int page = block / blocksPerPage;
        return ((long) page << pageShift) + (long) (block - page * blocksPerPage) * blockSize;
    }

    /**
     * The number of the block at {@code address}; an address that is not the start of a block in the first
     * {@code pages} pages fails with an {@link IllegalArgumentException}.
     */
    protected final int blockOf(long address, long pages) {
        long page = address >>> pageShift;
        int offset = (int) (address & (pageSize - 1));
        int slot = offset / blockSize;
        if (address < 0 || page >= pages || slot >= blocksPerPage || slot * blockSize != offset) {
            throw new IllegalArgumentException(name + ": address " + address + " (expected: the start of a block"
                    + " this allocator handed out)");
        }
        return (int) page * blocksPerPage + slot;
    }

    /** Fails unless {@code size} is the block size: asking for another is a bug in the workload. */
    protected final void checkSize(long size) {
        if (size != blockSize) {
            throw new IllegalArgumentException(name + ": size " + size + " (expected: the block size "
                    + blockSize + ")");
        }
    }

    /**
     * Grows the heap by one page for the {@code pages}-th page (counting from 0) and returns its address, or
     * {@link Heap#NO_ROOM} when a bounded heap is full or block numbers would overflow an {@code int}.
     */
    protected final long growPage(long pages) {
        if (pages >= maxPages) {
            return Heap.NO_ROOM;
        }
        long base = heap.grow(pageSize);
        if (base != Heap.NO_ROOM && base != pages << pageShift) {
            // someone else grew the heap: block numbers would no longer match addresses
            throw new IllegalStateException(name + ": heap break " + base + " (expected: " + (pages << pageShift)
                    + "; the heap must belong to this allocator alone)");
        }
        return base;
    }

    /** For {@link #verify()}: fails unless the heap is exactly the {@code pages} pages this strategy obtained. */
    protected final void verifyHeapHolds(long pages) {
        if (heap.size() != pages << pageShift) {
            throw new IllegalStateException(name + ": heap holds " + heap.size() + " bytes, but " + pages
                    + " pages of " + pageSize + " were obtained");
        }
    }

    /** Bytes per block. */
    public final int blockSize() {
        return blockSize;
    }

    /** Blocks per page. */
    public final int blocksPerPage() {
        return blocksPerPage;
    }
}
