package io.heaplab.allocators.variable;

import io.heaplab.core.heap.HeapAccess;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * Doubly-linked lists of free blocks threaded through the blocks themselves (Knuth's LINKF and LINKB), one list or
 * many (Purdom's k lists, TLSF's classes): a free block holds its successor at byte 4 and its predecessor at byte
 * 8, as cell numbers. Only the heads and tails, like an allocator's registers, are Java fields.
 */
public final class FreeLists {

    /** No block: the end of a list. */
    public static final int NONE = -1;

    static final int NEXT = 4;
    static final int PREV = 8;

    private final CellAllocator cells;
    private final HeapAccess tags;
    private final int[] heads;
    private final int[] tails;
    private final int[] sizes;

    /** {@code count} empty lists through the free blocks of {@code cells}. */
    public FreeLists(CellAllocator cells, int count) {
        this.cells = cells;
        this.tags = cells.tags();
        this.heads = new int[count];
        this.tails = new int[count];
        this.sizes = new int[count];
        Arrays.fill(heads, NONE);
        Arrays.fill(tails, NONE);
    }

    public int count() {
        return heads.length;
    }

    public int head(int list) {
        return heads[list];
    }

    public int tail(int list) {
        return tails[list];
    }

    public int size(int list) {
        return sizes[list];
    }

    public boolean isEmpty(int list) {
        return heads[list] == NONE;
    }

    public int next(int block) {
        return tags.getInt(cells.address(block) + NEXT);
    }

    public int prev(int block) {
        return tags.getInt(cells.address(block) + PREV);
    }

    private void setNext(int block, int next) {
        tags.setInt(cells.address(block) + NEXT, next);
    }

    private void setPrev(int block, int prev) {
        tags.setInt(cells.address(block) + PREV, prev);
    }

    /** Puts {@code block} first in {@code list}: LIFO order. */
    public void pushFront(int list, int block) {
        insertBefore(list, block, heads[list]);
    }

    /** Puts {@code block} just before {@code before}, or last when {@code before} is {@link #NONE}. */
    public void insertBefore(int list, int block, int before) {
        int prev = before == NONE ? tails[list] : prev(before);
        setNext(block, before);
        setPrev(block, prev);
        if (prev == NONE) {
            heads[list] = block;
        } else {
            setNext(prev, block);
        }
        if (before == NONE) {
            tails[list] = block;
        } else {
            setPrev(before, block);
        }
        sizes[list]++;
    }

    /**
     * Puts {@code block} in {@code list} in address order: walks from the head to the first block above it (Knuth's
     * Algorithm B), so a free costs O(blocks below it), the price of address order.
     */
    public void insertInAddressOrder(int list, int block) {
        // from the tail when the block lies above it, the common case of a heap that grows at the top
        int tail = tails[list];
        if (tail == NONE || tail < block) {
            insertBefore(list, block, NONE);
            return;
        }
        int at = heads[list];
        while (at < block) {
            at = next(at);
        }
        insertBefore(list, block, at);
    }

    /** Unlinks {@code block} from {@code list} in O(1). */
    public void remove(int list, int block) {
        int next = next(block);
        int prev = prev(block);
        if (prev == NONE) {
            heads[list] = next;
        } else {
            setNext(prev, next);
        }
        if (next == NONE) {
            tails[list] = prev;
        } else {
            setPrev(next, prev);
        }
        sizes[list]--;
    }

    /** Puts {@code block} where {@code old} was in {@code list}, and takes {@code old} out: order is kept. */
    public void replace(int list, int old, int block) {
        int next = next(old);
        int prev = prev(old);
        setNext(block, next);
        setPrev(block, prev);
        if (prev == NONE) {
            heads[list] = block;
        } else {
            setNext(prev, block);
        }
        if (next == NONE) {
            tails[list] = block;
        } else {
            setPrev(next, block);
        }
    }

    /** The blocks of {@code list}, head first; for tests. */
    public int[] blocks(int list) {
        int[] blocks = new int[sizes[list]];
        int n = 0;
        for (int at = heads[list]; at != NONE; at = next(at)) {
            blocks[n++] = at;
        }
        return blocks;
    }

    /**
     * Fails unless every list is as {@link #verify()} wants it and every block sits in the list {@code listOf}
     * names for its size in cells; for tests.
     */
    public void verify(IntUnaryOperator listOf) {
        verify();
        for (int list = 0; list < heads.length; list++) {
            for (int at = heads[list]; at != NONE; at = next(at)) {
                int expected = listOf.applyAsInt(cells.cellsOf(at));
                if (expected != list) {
                    throw new IllegalStateException("free list " + list + ": block " + at + " of "
                            + cells.cellsOf(at) + " cells (expected: in list " + expected + ")");
                }
            }
        }
    }

    /** Fails unless every list's links agree both ways and its count is right; for tests. */
    public void verify() {
        for (int list = 0; list < heads.length; list++) {
            int n = 0;
            int prev = NONE;
            for (int at = heads[list]; at != NONE; at = next(at)) {
                if (prev(at) != prev) {
                    throw new IllegalStateException("free list " + list + ": block " + at + " links back to "
                            + prev(at) + " (expected: " + prev + ")");
                }
                if (!cells.isFree(at)) {
                    throw new IllegalStateException("free list " + list + ": block " + at + " is not free");
                }
                prev = at;
                if (++n > sizes[list]) {
                    throw new IllegalStateException("free list " + list + ": longer than its count " + sizes[list]);
                }
            }
            if (n != sizes[list] || tails[list] != prev) {
                throw new IllegalStateException("free list " + list + ": " + n + " blocks, tail " + prev
                        + " (expected: " + sizes[list] + ", tail " + tails[list] + ")");
            }
        }
    }
}
