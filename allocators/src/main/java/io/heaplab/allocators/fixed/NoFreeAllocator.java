package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;

/**
 * Brent's NOFREE strategy (section 2.3): blocks are carved in address order and never reused, as if the virtual
 * address space were endless.
 *
 * <h2>Layout</h2>
 *
 * Nothing is kept in the heap: two fields say where the next block starts and where the current page's blocks
 * end. Every page before the current one is used up; the current one fills from its low end:
 *
 * <pre>
 *  page 0 ... page k-1                  page k (current)                                 p
 * +------------------------+ +--------+--------+--------+--------+--------+--------------+
 * |  all c blocks handed   | |  used  |  used  |  next  |        |        | tail, unused |
 * |  out (freed or not)    | |        |        |        |        |        |              |
 * +------------------------+ +--------+--------+--------+--------+--------+--------------+
 *                                                ^                         ^
 *                                             cursor                    pageEnd = k * p + c * s
 * </pre>
 *
 * <h2>Operations</h2>
 *
 * {@link #allocate} hands out the block at the cursor and moves it on by {@code s}; when the cursor reaches the
 * end of the page's blocks, the heap grows by one page. {@link #free} does nothing. Both are O(1) and make no
 * reference to the heap, so NOFREE costs no bookkeeping references. A bounded heap that is full gives
 * {@link #NO_FIT} from then on: nothing freed is ever found again.
 *
 * <p>Brent shows that NOFREE pages well when it is feasible, yet not always best: the blocks in use end up
 * spread over many pages filled mostly with blocks that are dead but not reclaimed.
 */
public final class NoFreeAllocator extends FixedSizeAllocator {

    /** The address of the next block to hand out. */
    private long cursor;
    /** The end of the current page's last block; {@code cursor == pageEnd} means the page is used up. */
    private long pageEnd;
    /** Pages obtained from the heap. */
    private long pages;
    /** Blocks handed out so far, for {@link #verify()}. */
    private long handedOut;

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup NOFREE cannot serve. */
    public NoFreeAllocator(AllocatorSetup setup) {
        super(NoFreeAllocatorProvider.NAME, setup);
    }

    @Override
    public long allocate(long size) {
        checkSize(size);
        if (cursor == pageEnd) {
            long base = growPage(pages);
            if (base == Heap.NO_ROOM) {
                return NO_FIT;
            }
            pages++;
            cursor = base;
            pageEnd = base + (long) blocksPerPage * blockSize;
        }
        long address = cursor;
        cursor += blockSize;
        handedOut++;
        return address;
    }

    /** Does nothing: NOFREE never reuses a block. */
    @Override
    public void free(long address, long size) {
    }

    /**
     * Checks that the heap is exactly the pages obtained, the cursor lies on a block boundary of the last one, and
     * the blocks handed out are exactly those before the cursor.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        verifyHeapHolds(pages);
        if (pages == 0) {
            if (cursor != 0 || pageEnd != 0 || handedOut != 0) {
                throw new IllegalStateException(name + ": no page obtained, yet cursor " + cursor + ", pageEnd "
                        + pageEnd + ", " + handedOut + " blocks handed out");
            }
            return;
        }
        long pageStart = (pages - 1) << pageShift;
        if (pageEnd != pageStart + (long) blocksPerPage * blockSize) {
            throw new IllegalStateException(name + ": pageEnd " + pageEnd + " (expected: "
                    + (pageStart + (long) blocksPerPage * blockSize) + ", the end of the last page's blocks)");
        }
        long carved = cursor - pageStart;
        if (carved <= 0 || carved % blockSize != 0 || cursor > pageEnd) {
            throw new IllegalStateException(name + ": cursor " + cursor + " is not a block boundary in ("
                    + pageStart + ", " + pageEnd + "]");
        }
        long expected = (pages - 1) * blocksPerPage + carved / blockSize;
        if (handedOut != expected) {
            throw new IllegalStateException(name + ": " + handedOut + " blocks handed out, but the cursor says "
                    + expected);
        }
    }
}
