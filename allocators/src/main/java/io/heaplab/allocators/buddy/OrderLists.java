package io.heaplab.allocators.buddy;

import io.heaplab.core.heap.HeapAccess;
import java.util.Arrays;

/**
 * The buddy system's AVAIL lists (Knuth, The Art of Computer Programming 1, 2.5, Algorithm R): one doubly-linked
 * LIFO list of free blocks per order, threaded through the blocks themselves (successor at byte 4, predecessor at
 * byte 8, as cell numbers), so that a buddy leaves its list in O(1) when it merges. Only the heads are Java fields.
 */
final class OrderLists {

    /** No block: the end of a list. */
    static final int NONE = -1;

    static final int NEXT = 4;
    static final int PREV = 8;

    private final HeapAccess tags;
    private final long base;
    private final int cellShift;
    private final int[] heads;
    private final int[] sizes;

    /** {@code count} empty lists through the blocks of cells of {@code 1 << cellShift} bytes from {@code base}. */
    OrderLists(HeapAccess tags, long base, int cellShift, int count) {
        this.tags = tags;
        this.base = base;
        this.cellShift = cellShift;
        this.heads = new int[count];
        this.sizes = new int[count];
        Arrays.fill(heads, NONE);
    }

    int count() {
        return heads.length;
    }

    int head(int list) {
        return heads[list];
    }

    int size(int list) {
        return sizes[list];
    }

    boolean isEmpty(int list) {
        return heads[list] == NONE;
    }

    int next(int block) {
        return tags.getInt(address(block) + NEXT);
    }

    int prev(int block) {
        return tags.getInt(address(block) + PREV);
    }

    /** Puts {@code block} first in {@code list}. */
    void push(int list, int block) {
        int next = heads[list];
        tags.setInt(address(block) + NEXT, next);
        tags.setInt(address(block) + PREV, NONE);
        if (next != NONE) {
            tags.setInt(address(next) + PREV, block);
        }
        heads[list] = block;
        sizes[list]++;
    }

    /** Unlinks {@code block} from {@code list} in O(1). */
    void remove(int list, int block) {
        int next = next(block);
        int prev = prev(block);
        if (prev == NONE) {
            heads[list] = next;
        } else {
            tags.setInt(address(prev) + NEXT, next);
        }
        if (next != NONE) {
            tags.setInt(address(next) + PREV, prev);
        }
        sizes[list]--;
    }

    private long address(int block) {
        return base + ((long) block << cellShift);
    }
}
