package io.heaplab.paging.opt;

import java.util.Arrays;

/**
 * The resident pages of a MIN memory (Belady 1966) in a binary max-heap on their {@link RunBuffer#priority}, so
 * the page used farthest in the future is on top; {@code slotOf} finds a page's slot for a change of key. O(log
 * f) per operation in {@code f} slots, no allocation.
 */
final class IndexedMaxHeap {

    private static final int ABSENT = -1;

    private final int[] pageAt;
    private final long[] keyAt;
    private final int[] slotOf;
    private int size;

    /** Room for {@code capacity} pages among pages {@code 0 .. pages)}. */
    IndexedMaxHeap(int capacity, int pages) {
        pageAt = new int[capacity];
        keyAt = new long[capacity];
        slotOf = new int[pages];
        Arrays.fill(slotOf, ABSENT);
    }

    int size() {
        return size;
    }

    boolean contains(int page) {
        return slotOf[page] != ABSENT;
    }

    /** The page with the largest key. */
    int top() {
        return pageAt[0];
    }

    /** The largest key. */
    long topKey() {
        return keyAt[0];
    }

    void insert(int page, long key) {
        int slot = size++;
        put(slot, page, key);
        siftUp(slot);
    }

    /** Removes the top and puts {@code page} in its place. */
    void replaceTop(int page, long key) {
        slotOf[pageAt[0]] = ABSENT;
        put(0, page, key);
        siftDown(0);
    }

    /** Gives {@code page}, which is in the heap, a new key. */
    void changeKey(int page, long key) {
        int slot = slotOf[page];
        long old = keyAt[slot];
        keyAt[slot] = key;
        if (key > old) {
            siftUp(slot);
        } else {
            siftDown(slot);
        }
    }

    private void siftUp(int slot) {
        int page = pageAt[slot];
        long key = keyAt[slot];
        while (slot > 0) {
            int parent = (slot - 1) >>> 1;
            if (keyAt[parent] >= key) {
                break;
            }
            put(slot, pageAt[parent], keyAt[parent]);
            slot = parent;
        }
        put(slot, page, key);
    }

    private void siftDown(int slot) {
        int page = pageAt[slot];
        long key = keyAt[slot];
        int half = size >>> 1;
        while (slot < half) {
            int child = 2 * slot + 1;
            if (child + 1 < size && keyAt[child + 1] > keyAt[child]) {
                child++;
            }
            if (key >= keyAt[child]) {
                break;
            }
            put(slot, pageAt[child], keyAt[child]);
            slot = child;
        }
        put(slot, page, key);
    }

    private void put(int slot, int page, long key) {
        pageAt[slot] = page;
        keyAt[slot] = key;
        slotOf[page] = slot;
    }

    /** Checks the heap order and that the page index points at every slot and nothing else. */
    void verify() {
        int indexed = 0;
        for (int page = 0; page < slotOf.length; page++) {
            int slot = slotOf[page];
            if (slot != ABSENT) {
                indexed++;
                if (slot >= size || pageAt[slot] != page) {
                    throw new IllegalStateException("page " + page + " indexed at slot " + slot);
                }
            }
        }
        if (indexed != size) {
            throw new IllegalStateException(indexed + " pages indexed in a heap of " + size);
        }
        for (int slot = 1; slot < size; slot++) {
            if (keyAt[(slot - 1) >>> 1] < keyAt[slot]) {
                throw new IllegalStateException("heap order broken at slot " + slot);
            }
        }
    }
}
