package io.heaplab.allocators.fit;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.FreeLists;
import io.heaplab.core.spi.AllocatorSetup;

/**
 * First, next, best or worst fit over one list of free blocks in address or LIFO order (Knuth, The Art of Computer
 * Programming 1, 2.5, Algorithms A-C and exercise 6; the course report on first, best and worst fit).
 *
 * <h2>The list</h2>
 *
 * One doubly-linked list threaded through the free blocks ({@link FreeLists}), whose head is the only Java field.
 * A request walks it from the head (from the rover for next fit); a request that no block fits is rejected in a
 * bounded heap and grows a growable one. A block is split from its low end; the remainder takes the block's place
 * in the list, in both orders (Knuth's Algorithm A leaves the block where it is and cuts from its top; the list
 * sees the same thing).
 *
 * <ul>
 *   <li>{@link Order#ADDRESS}: the list is sorted by address. A block freed between used neighbours walks the
 *       list from the head to its place (Algorithm B); a block merged with its free right neighbour takes that
 *       neighbour's place, one merged into its free left neighbour leaves the neighbour where it is.</li>
 *   <li>{@link Order#LIFO}: the list is ordered by the time of liberation. A freed block, once merged with its free
 *       neighbours, goes to the front whatever it absorbed (Algorithm C, step C5), and so does the free block at the
 *       top of a growable arena when the arena grows under it: new pages count as freed storage.</li>
 * </ul>
 *
 * <h2>Next fit's rover</h2>
 *
 * Knuth's roving pointer names the block where the next search starts, or {@code NONE} for the head of the list
 * as it is when that search begins. A search that takes a block leaves the rover on it. A block that another takes
 * the place of (the remainder of a split; in address order, the merger of a freed block with its free right
 * neighbour) hands the rover to it; a block that leaves the list (taken whole, merged into the free block on its
 * left, or moved to the front in LIFO order) hands the rover to its successor, and the successor of the last block
 * is the head. A search that fails leaves the rover where it was, and so does a request served from a grown arena
 * (unless, in address order, the rover named the free block at the top).
 *
 * <h2>Searches</h2>
 *
 * Purdom, Stigler &amp; Cheam's measure: every free block a request examines counts one, the block it takes
 * included; a request that finds the list empty counts one for looking at its head. First fit examines up to the
 * first block that fits, best fit up to an exact fit or the whole list, worst fit always the whole list, next fit
 * from the rover up to a fit or once around. A request that nothing fits counts every block in the list.
 */
public final class ListFitAllocator extends CellAllocator {

    private static final int NONE = FreeLists.NONE;

    private final Fit fit;
    private final Order order;
    private final FreeLists list;
    /** Next fit's roving pointer: where the next search starts, or {@code NONE} for the head; NONE for the others. */
    private int rover = NONE;

    /** A strategy over {@code setup}'s heap with cells of {@code cell} bytes (see {@link #checkCell}). */
    public ListFitAllocator(AllocatorSetup setup, int cell, Fit fit, Order order) {
        super(setup, cell);
        this.fit = fit;
        this.order = order;
        this.list = new FreeLists(this, 1);
        claimBoundedArena();
    }

    /** A strategy over {@code setup}'s heap with cells of {@link #DEFAULT_CELL} bytes. */
    public ListFitAllocator(AllocatorSetup setup, Fit fit, Order order) {
        this(setup, DEFAULT_CELL, fit, order);
    }

    public Fit fit() {
        return fit;
    }

    public Order order() {
        return order;
    }

    // ---- the search ---------------------------------------------------------------------------------------

    @Override
    protected int find(int cells) {
        if (list.isEmpty(0)) {
            searches++;
            return NONE;
        }
        return switch (fit) {
            case FIRST -> firstFit(list.head(0), cells);
            case NEXT -> nextFit(cells);
            case BEST -> bestFit(cells);
            case WORST -> worstFit(cells);
        };
    }

    /** The first block from {@code from} to the end of the list that holds {@code cells}, or NONE. */
    private int firstFit(int from, int cells) {
        for (int block = from; block != NONE; block = list.next(block)) {
            searches++;
            if (cellsOf(block) >= cells) {
                return block;
            }
        }
        return NONE;
    }

    /** First fit from the rover, around the list once; the rover stays on the block found. */
    private int nextFit(int cells) {
        int block = rover == NONE ? list.head(0) : rover;
        for (int left = list.size(0); left > 0; left--) {
            searches++;
            if (cellsOf(block) >= cells) {
                rover = block;
                return block;
            }
            block = list.next(block);
            if (block == NONE) {
                block = list.head(0);
            }
        }
        return NONE;
    }

    private int bestFit(int cells) {
        int best = NONE;
        int bestCells = Integer.MAX_VALUE;
        for (int block = list.head(0); block != NONE; block = list.next(block)) {
            searches++;
            int have = cellsOf(block);
            if (have >= cells && have < bestCells) {
                best = block;
                bestCells = have;
                if (have == cells) {
                    break;
                }
            }
        }
        return best;
    }

    private int worstFit(int cells) {
        int worst = NONE;
        int worstCells = 0;
        for (int block = list.head(0); block != NONE; block = list.next(block)) {
            searches++;
            int have = cellsOf(block);
            if (have > worstCells) {
                worst = block;
                worstCells = have;
            }
        }
        return worstCells >= cells ? worst : NONE;
    }

    // ---- the list -----------------------------------------------------------------------------------------

    @Override
    protected void insertFree(int block, int cells) {
        if (order == Order.ADDRESS) {
            list.insertInAddressOrder(0, block);
        } else {
            list.pushFront(0, block);
        }
    }

    @Override
    protected void removeFree(int block, int cells) {
        if (block == rover) {
            rover = list.next(block);
        }
        list.remove(0, block);
    }

    /**
     * The remainder of a split lies above {@code block} and takes its place in either order; a merged block
     * ({@code successor} below {@code block}, its freed left part) takes its place in address order and goes to
     * the front in LIFO order.
     */
    @Override
    protected void replaceFree(int block, int cells, int successor, int successorCells) {
        if (order == Order.LIFO && successor < block) {
            removeFree(block, cells);
            list.pushFront(0, successor);
            return;
        }
        list.replace(0, block, successor);
        if (block == rover) {
            rover = successor;
        }
    }

    /**
     * In address order the block keeps its place; in LIFO order a block that grew (it swallowed a freed neighbour,
     * or the arena grew under it) goes to the front.
     */
    @Override
    protected void resizeFree(int block, int oldCells, int newCells) {
        if (order == Order.LIFO) {
            removeFree(block, oldCells);
            list.pushFront(0, block);
        }
    }

    @Override
    protected int freeBlocksKept() {
        return list.size(0);
    }

    // ---- checks -------------------------------------------------------------------------------------------

    /**
     * The heap's tags and the list's links (see {@link CellAllocator#verify} and {@link FreeLists#verify}), an
     * address-ordered list strictly increasing, and the rover on a block of the list (or NONE, always NONE but for
     * next fit).
     */
    @Override
    public void verify() {
        super.verify();
        list.verify();
        boolean roverFound = rover == NONE;
        int previous = NONE;
        for (int block = list.head(0); block != NONE; block = list.next(block)) {
            if (order == Order.ADDRESS && previous != NONE && block <= previous) {
                throw new IllegalStateException("free list: block " + block + " after block " + previous
                        + " (expected: address order)");
            }
            roverFound |= block == rover;
            previous = block;
        }
        if (fit != Fit.NEXT && rover != NONE) {
            throw new IllegalStateException("rover: block " + rover + " (expected: " + NONE + " for " + fit + " fit)");
        }
        if (!roverFound) {
            throw new IllegalStateException("rover: block " + rover + " (expected: a block of the free list or " + NONE
                    + ")");
        }
    }
}
