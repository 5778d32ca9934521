package io.heaplab.paging.lru;

import java.util.Arrays;

/**
 * The dead positions of an LRU stack analyzer (positions whose page was referenced again later): a bit per position,
 * and a Fenwick tree of the dead count per 64-position word above the bits.
 *
 * <p>Most re-references are near (locality), and the dead after them are counted with a few {@code bitCount}s; a
 * far one asks the tree, O(log(n / 64)). Marking a position dead sets its bit and updates the tree, O(log(n / 64)).
 * (A tree of fan-out 64, with four increments to mark and sums of up to 32 siblings per level to count, was tried
 * in its place: a quarter slower on a Zipf trace of a million pages, the sums costing more than the tree's steps.)
 */
final class DeadPositions {

    private long[] bits;
    /** Fenwick tree over the words of {@link #bits}: element {@code w + 1} covers word {@code w}'s dead count. */
    private int[] words;
    private int dead;

    /** No position dead, over positions 0..{@code capacity}. */
    DeadPositions(int capacity) {
        clear(capacity);
    }

    /** No position dead, over positions 0..{@code capacity}; the tables are reused when the capacity is the same. */
    void clear(int capacity) {
        int length = (capacity >>> 6) + 1;
        if (bits == null || bits.length != length) {
            bits = new long[length];
            words = new int[length + 1];
        } else {
            Arrays.fill(bits, 0L);
            Arrays.fill(words, 0);
        }
        dead = 0;
    }

    /** Marks {@code position}, alive until now, dead. */
    void kill(int position) {
        dead++;
        int word = position >>> 6;
        bits[word] |= 1L << position;
        int[] tree = words;
        for (int i = word + 1; i < tree.length; i += i & -i) {
            tree[i]++;
        }
    }

    /** Dead positions in total. */
    int dead() {
        return dead;
    }

    /** The 64 positions from {@code 64 * word}, a bit set for each dead one. */
    long word(int word) {
        return bits[word];
    }

    /** The word holding {@code position}, clamped to the table: loaded ahead of {@link #after}, its miss overlaps. */
    long wordAt(int position) {
        long[] b = bits;
        return b[Math.min(b.length - 1, Math.max(0, position) >>> 6)];
    }

    /**
     * Dead positions after {@code position}, all of which lie at or before {@code now}: bit by bit when {@code now} is
     * within {@code nearWords} words, else from the tree.
     */
    int after(int position, int now, int nearWords) {
        long[] b = bits;
        int word = position >>> 6;
        int count = Long.bitCount(b[word] & (-2L << position));
        int lastWord = now >>> 6;
        if (lastWord - word <= nearWords) {
            for (int w = word + 1; w <= lastWord; w++) {
                count += Long.bitCount(b[w]);
            }
            return count;
        }
        return dead - inWordsBefore(word) - Long.bitCount(b[word]) + count;
    }

    /** Dead positions in words 0..word-1. */
    private int inWordsBefore(int word) {
        int[] tree = words;
        int sum = 0;
        for (int i = word; i > 0; i -= i & -i) {
            sum += tree[i];
        }
        return sum;
    }

    /** Whether the bits, the tree and the total agree. */
    boolean consistent() {
        int counted = 0;
        for (long word : bits) {
            counted += Long.bitCount(word);
        }
        return counted == dead && inWordsBefore(bits.length) == dead;
    }
}
