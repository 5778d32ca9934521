package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;

/**
 * Brent's STACK strategy (section 2.1): free blocks on a last-in, first-out singly-linked list whose links live in
 * the free blocks themselves.
 *
 * <h2>Layout</h2>
 *
 * A free block holds, in its first 4 bytes, the number of the block beneath it on the stack ({@code -1} at the
 * bottom); an allocated block belongs to the workload entirely. The top of the stack is a Java field, as a
 * register would be. Links are block numbers rather than addresses so that 4-byte blocks suffice (see
 * {@link FixedSizeAllocator} for the numbering). After freeing block 2 of a fresh page ({@code c = 5}):
 *
 * <pre>
 *  page 0                                                        p
 * +--------+--------+--------+--------+--------+-----------------+
 * |  used  |  used  | next=3 | next=4 | next=-1|  tail, unused   |
 * +--------+--------+--------+--------+--------+-----------------+
 *   block 0  block 1  block 2  block 3  block 4
 *                        ^
 *                  head = 2 (a field)
 * </pre>
 *
 * <h2>Operations</h2>
 *
 * {@link #allocate} pops the head: one read of its link through {@link Heap#bookkeeping()}. {@link #free} pushes:
 * one write of the old head into the freed block. When the stack is empty, the heap grows by one page and its
 * {@code c} blocks are pushed from the highest address down, so that the lowest is allocated first and a fresh
 * page is handed out in address order. Both operations are O(1); growing costs {@code c} link writes once per
 * page, which is O(1) amortized over the {@code c} allocations it makes room for. A bounded heap that is full
 * gives {@link #NO_FIT}.
 *
 * <p>Brent's point is that this strategy, fast and optimal in space, scatters the live blocks of a long-running
 * program over every page it ever used, so it pages badly once those pages outnumber the real memory.
 */
public final class StackAllocator extends FixedSizeAllocator {

    /** The block on top of the stack, or {@link #END}. */
    private int head = END;
    /** Pages obtained from the heap: blocks {@code 0 .. pages * c} exist. */
    private long pages;
    /** Blocks handed out and not yet freed, for {@link #verify()}. */
    private long live;

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup STACK cannot serve. */
    public StackAllocator(AllocatorSetup setup) {
        super(StackAllocatorProvider.NAME, setup);
    }

    @Override
    public long allocate(long size) {
        checkSize(size);
        if (head == END && !pushNewPage()) {
            return NO_FIT;
        }
        long address = addressOf(head);
        head = bookkeeping.getInt(address);
        live++;
        return address;
    }

    @Override
    public void free(long address, long size) {
        checkSize(size);
        int block = blockOf(address, pages);
        bookkeeping.setInt(address, head);
        head = block;
        live--;
    }

    private boolean pushNewPage() {
        long base = growPage(pages);
        if (base == Heap.NO_ROOM) {
            return false;
        }
        int first = (int) pages * blocksPerPage;
        pages++;
        // highest slot first, so the lowest ends on top
        for (int slot = blocksPerPage - 1; slot >= 0; slot--) {
            bookkeeping.setInt(base + (long) slot * blockSize, head);
            head = first + slot;
        }
        return true;
    }

    /**
     * Walks the free list: no cycle, every link names a block inside the heap (so on a block boundary and within a
     * page), and the free blocks plus those handed out are all the blocks there are. The links are read through
     * the bookkeeping view, so call this in tests, not in a measured run.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        verifyHeapHolds(pages);
        long total = pages * blocksPerPage;
        long[] seen = new long[(int) ((total + 63) >>> 6)];
        long free = 0;
        long previous = END;
        for (int block = head; block != END; ) {
            if (block < 0 || block >= total) {
                throw new IllegalStateException(name + ": free-list link " + block + (previous == END ? " in head"
                        : " in block " + previous) + " is outside the heap (expected: -1 .. " + (total - 1) + ")");
            }
            long bit = 1L << block;
            if ((seen[block >>> 6] & bit) != 0) {
                throw new IllegalStateException(name + ": free list has a cycle through block " + block
                        + " at address " + addressOf(block) + " (a block freed twice?)");
            }
            seen[block >>> 6] |= bit;
            free++;
            previous = block;
            block = bookkeeping.getInt(addressOf(block));
        }
        if (free + live != total) {
            throw new IllegalStateException(name + ": " + free + " free blocks + " + live + " handed out != "
                    + total + " blocks in " + pages + " pages");
        }
    }
}
