package io.heaplab.allocators.variable;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.SpecException;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/**
 * A memory of cells carved into blocks with boundary tags and coalesced at once when a block is freed (Knuth, The
 * Art of Computer Programming 1, 2.5, Algorithm C; Purdom, Stigler &amp; Cheam 1970 count memory in cells). A
 * subclass says only how it keeps its free blocks: which it finds for a request, and what it does when one comes or
 * goes.
 *
 * <h2>Layout</h2>
 *
 * A cell holds a size and a link: 16 bytes by default, a power of two. Every block is a whole number of cells and
 * begins with a one-word header; the workload's data starts 8 bytes in, so a request of {@code n} bytes takes
 * {@code ceil((n + 8) / cell)} cells (Purdom's request for {@code b} cells is {@code b * cell - 8} bytes).
 *
 * <pre>
 *  block in use                          free block
 * +--------+--------+----- .. ----+     +--------+--------+--------+--- .. ---+--------+
 * | header | (pad)  | data ...    |     | header | next   | prev   |         | cells  |
 * +--------+--------+----- .. ----+     +--------+--------+--------+--- .. ---+--------+
 *  0        4        8                   0        4        8                  cell*n - 4
 *
 *  header = cells &lt;&lt; 2 | PREV_FREE (2) | FREE (1)
 * </pre>
 *
 * A free block also keeps its size in its last word (the footer), so the block after it, whose header says
 * {@code PREV_FREE}, finds its start. A block in use needs no footer: its successor's {@code PREV_FREE} is clear.
 * A one-cell free block fits: header, two links, footer. Cells are numbered from the first cell of the arena;
 * links and positions are cell numbers ({@code int}s).
 *
 * <h2>The arena</h2>
 *
 * In a bounded heap the arena is all of it from the start, one free block, as Purdom's memory was; a request
 * that no free block fits is rejected. In a growable heap the arena starts empty and grows at the top like
 * {@code sbrk}, in whole pages: a request that no free block fits extends the free block at the top (or starts
 * one) just enough, and takes it.
 */
public abstract class CellAllocator implements VariableSizeAllocator {

    /** The bytes of a block before its data: the header word and padding to 8. */
    public static final int HEADER = 8;
    /** The cell of Purdom's memory: a size and a link. */
    public static final int DEFAULT_CELL = 16;
    /** Header bits. */
    static final int FREE = 1;
    static final int PREV_FREE = 2;
    /** Block sizes live in 30 bits of the header. */
    static final int MAX_CELLS = (1 << 29) - 1;

    private final Heap heap;
    private final HeapAccess tags;
    private final int cellShift;
    private final long base;
    private final boolean bounded;
    private int arenaCells;
    /** Whether the last block of the arena is free: the {@code PREV_FREE} bit of the block that is not there. */
    private boolean lastFree;
    private long heldCells;

    /** List elements examined; subclasses count what their {@link #find} examines. */
    protected long searches;

    protected CellAllocator(AllocatorSetup setup, int cell) {
        checkCell(cell, setup.heap().pageSize());
        this.heap = setup.heap();
        this.tags = heap.bookkeeping();
        this.cellShift = Integer.numberOfTrailingZeros(cell);
        long misalignment = heap.size() & (cell - 1);
        if (misalignment != 0) {
            heap.grow(cell - misalignment);
        }
        this.base = heap.size();
        this.bounded = heap.isBounded();
    }

    /**
     * Makes a bounded arena one free block; a subclass calls it last in its constructor, once its free lists
     * exist.
     */
    protected final void claimBoundedArena() {
        if (!bounded) {
            return;
        }
        long cells = Math.min(MAX_CELLS, (heap.capacity() - base) >>> cellShift);
        if (cells == 0) {
            return;
        }
        heap.grow(cells << cellShift);
        arenaCells = (int) cells;
        writeFree(0, arenaCells);
        lastFree = true;
        insertFree(0, arenaCells);
    }

    /**
     * The option {@code cell} of a strategy built on cells, {@value #DEFAULT_CELL} bytes by default; its range
     * stops at the largest page, so that a cell no heap can have fails when the spec is bound, and
     * {@link #checkCell} holds it to a power of two within the run's page.
     */
    public static Option cellOption(int defaultCell, String description) {
        return Option.range("cell", OptionType.POSITIVE_INT, DEFAULT_CELL, Heap.MAX_PAGE_SIZE,
                String.valueOf(defaultCell), description);
    }

    /**
     * Fails with a one-line message unless {@code cell} is a power of two from 16 bytes to a page; for providers.
     */
    public static void checkCell(int cell, int pageSize) {
        if (cell < DEFAULT_CELL || cell > pageSize || Integer.bitCount(cell) != 1) {
            throw new SpecException("cell: " + cell + " (expected: a power of 2 from " + DEFAULT_CELL
                    + " to the page size, " + pageSize + ")");
        }
    }

    // ---- what a subclass decides --------------------------------------------------------------------------

    /**
     * A free block of at least {@code cells} cells, still where the subclass keeps it, or -1; adds what it
     * examines to {@link #searches}.
     */
    protected abstract int find(int cells);

    /** {@code block} of {@code cells} cells has just become free (its header and footer are written). */
    protected abstract void insertFree(int block, int cells);

    /** {@code block} of {@code cells} cells stops being free: it is taken, or merged into a neighbour. */
    protected abstract void removeFree(int block, int cells);

    /**
     * Free {@code block} ({@code cells} cells) gives way to the adjacent free block {@code successor}
     * ({@code successorCells} cells): the rest of it after a split, or it with its freed left neighbour. By
     * default it leaves and the successor comes in; an address-ordered list puts the successor in its place.
     */
    protected void replaceFree(int block, int cells, int successor, int successorCells) {
        removeFree(block, cells);
        insertFree(successor, successorCells);
    }

    /**
     * Free {@code block} grew from {@code oldCells} to {@code newCells} by swallowing the block after it. By
     * default it leaves and comes back; a list that does not depend on size leaves it in place.
     */
    protected void resizeFree(int block, int oldCells, int newCells) {
        removeFree(block, oldCells);
        insertFree(block, newCells);
    }

    /** How many blocks the subclass holds as free; {@link #verify} checks it against the heap. */
    protected abstract int freeBlocksKept();

    // ---- the two operations ---------------------------------------------------------------------------------

    @Override
    public final long allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
        }
        long wanted = cellsFor(size);
        if (wanted > MAX_CELLS) {
            return NO_FIT;
        }
        int cells = (int) wanted;
        int block = find(cells);
        if (block < 0) {
            block = growFor(cells);
            if (block < 0) {
                return NO_FIT;
            }
        }
        return address(take(block, cells)) + HEADER;
    }

    @Override
    public final void free(long address, long size) {
        int block = (int) ((address - HEADER - base) >>> cellShift);
        int header = header(block);
        int cells = header >>> 2;
        heldCells -= cells;
        int start = block;
        int total = cells;
        int right = block + cells;
        boolean leftFree = (header & PREV_FREE) != 0;
        int rightCells = right < arenaCells && (header(right) & FREE) != 0 ? header(right) >>> 2 : 0;
        int leftCells = leftFree ? tags.getInt(address(block) - 4) : 0;
        if (leftFree) {
            start = block - leftCells;
            total += leftCells;
        }
        total += rightCells;
        writeFree(start, total);
        markFollower(start + total, true);
        if (leftFree) {
            if (rightCells > 0) {
                removeFree(right, rightCells);
            }
            resizeFree(start, leftCells, total);
        } else if (rightCells > 0) {
            replaceFree(right, rightCells, start, total);
        } else {
            insertFree(start, total);
        }
    }

    /** Takes {@code cells} from the low end of free {@code block}; the rest, if any, stays free. */
    private int take(int block, int cells) {
        int header = header(block);
        int have = header >>> 2;
        int rest = have - cells;
        if (rest > 0) {
            int successor = block + cells;
            writeFree(successor, rest);
            replaceFree(block, have, successor, rest);
        } else {
            removeFree(block, have);
            markFollower(block + have, false);
            cells = have;
        }
        tags.setInt(address(block), cells << 2 | (header & PREV_FREE));
        heldCells += cells;
        return block;
    }

    /**
     * Grows a growable arena so that the free block at its top holds {@code cells}, and returns that block; -1 when
     * the heap cannot grow.
     */
    private int growFor(int cells) {
        if (bounded) {
            return -1;
        }
        int topCells = lastFree ? tags.getInt(address(arenaCells) - 4) : 0;
        if (topCells >= cells) {
            // a strategy that rounds requests up to a class (TLSF) may pass over a top block that fits
            return arenaCells - topCells;
        }
        long bytes = ((long) (cells - topCells) << cellShift) + heap.pageSize() - 1 & -(long) heap.pageSize();
        long added = bytes >>> cellShift;
        if (arenaCells + added > MAX_CELLS || heap.grow(bytes) == Heap.NO_ROOM) {
            return -1;
        }
        int top = arenaCells - topCells;
        int total = topCells + (int) added;
        arenaCells += (int) added;
        writeFree(top, total);
        if (topCells > 0) {
            resizeFree(top, topCells, total);
        } else {
            insertFree(top, total);
        }
        lastFree = true;
        return top;
    }

    // ---- tags ---------------------------------------------------------------------------------------------

    /** The cells a request of {@code size} bytes takes: its data and the header. */
    public final long cellsFor(long size) {
        return Math.max(1, (size + HEADER + (1L << cellShift) - 1) >>> cellShift);
    }

    /** The address of cell {@code block}. */
    public final long address(int block) {
        return base + ((long) block << cellShift);
    }

    /** The view the strategy's own references go through. */
    public final HeapAccess tags() {
        return tags;
    }

    /** The size in cells of the block starting at {@code block}. */
    public final int cellsOf(int block) {
        return header(block) >>> 2;
    }

    public final boolean isFree(int block) {
        return (header(block) & FREE) != 0;
    }

    public final int arenaCells() {
        return arenaCells;
    }

    public final int cellSize() {
        return 1 << cellShift;
    }

    private int header(int block) {
        return tags.getInt(address(block));
    }

    /** Writes the header and footer of free {@code block}; the block before a free block is never free. */
    private void writeFree(int block, int cells) {
        tags.setInt(address(block), cells << 2 | FREE);
        tags.setInt(address(block + cells) - 4, cells);
    }

    /** Tells the block at {@code block} (or the end of the arena) whether the block before it is free. */
    private void markFollower(int block, boolean previousFree) {
        if (block == arenaCells) {
            lastFree = previousFree;
            return;
        }
        int header = header(block);
        tags.setInt(address(block), previousFree ? header | PREV_FREE : header & ~PREV_FREE);
    }

    // ---- measures and checks ------------------------------------------------------------------------------

    @Override
    public long searches() {
        return searches;
    }

    @Override
    public long heldBytes() {
        return heldCells << cellShift;
    }

    @Override
    public long arenaBytes() {
        return (long) arenaCells << cellShift;
    }

    @Override
    public long[] freeBlockBytes() {
        LongArrayList sizes = new LongArrayList();
        for (int block = 0; block < arenaCells; block += cellsOf(block)) {
            if (isFree(block)) {
                sizes.add((long) cellsOf(block) << cellShift);
            }
        }
        return sizes.toLongArray();
    }

    /**
     * Walks every block: sizes tile the arena, footers match, {@code PREV_FREE} bits tell the truth, no two free
     * blocks touch, the held count is right, and the subclass keeps exactly the free blocks there are.
     */
    @Override
    public void verify() {
        boolean previousFree = false;
        long held = 0;
        int free = 0;
        int block = 0;
        while (block < arenaCells) {
            int header = header(block);
            int cells = header >>> 2;
            boolean isFree = (header & FREE) != 0;
            if (cells <= 0 || block + (long) cells > arenaCells) {
                throw new IllegalStateException("block " + block + ": " + cells + " cells (expected: 1 to "
                        + (arenaCells - block) + ")");
            }
            if (((header & PREV_FREE) != 0) != previousFree) {
                throw new IllegalStateException("block " + block + ": PREV_FREE is " + ((header & PREV_FREE) != 0)
                        + " (expected: " + previousFree + ")");
            }
            if (isFree && previousFree) {
                throw new IllegalStateException("block " + block + ": free next to a free block (expected: merged)");
            }
            if (isFree && tags.getInt(address(block + cells) - 4) != cells) {
                throw new IllegalStateException("block " + block + ": footer " + tags.getInt(address(block + cells)
                        - 4) + " (expected: " + cells + ")");
            }
            held += isFree ? 0 : cells;
            free += isFree ? 1 : 0;
            previousFree = isFree;
            block += cells;
        }
        if (previousFree != lastFree) {
            throw new IllegalStateException("last block free: " + previousFree + " (expected: " + lastFree + ")");
        }
        if (held != heldCells) {
            throw new IllegalStateException("cells held: " + held + " (expected: " + heldCells + ")");
        }
        if (free != freeBlocksKept()) {
            throw new IllegalStateException("free blocks: " + free + " in the heap, " + freeBlocksKept()
                    + " kept by the strategy");
        }
    }
}
