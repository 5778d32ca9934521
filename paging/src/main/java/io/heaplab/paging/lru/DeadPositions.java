package io.heaplab.paging.lru;

import java.util.Arrays;

/**
 * The dead positions of an LRU stack analyzer (positions whose page was referenced again later): a bit per position,
 * and a Fenwick tree of the dead count per 64-position word above the bits.
 *
 * <p>No position after now is dead, so the dead after a position are all the dead less those up to it: the tree's
 * count of the words before, O(log(n / 64)), and a {@code bitCount} of its own word. Marking a position dead sets
 * its bit and updates the tree, O(log(n / 64)). Measured on a Zipf trace of a million pages, each of these lost to
 * it: counting a near re-reference's dead bit by bit up to now (the branch between near and far mispredicted more
 * than the tree cost), a tree over cache lines of bits, and a tree of fan-out 64 (four increments to mark, but sums
 * of up to 32 siblings per level to count).
 */
final class DeadPositions {

    /** The capacity kept per live position: a renumbering walks it all, once per (ROOM - 1) N runs. */
    private static final int ROOM = 4;

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

    /**
     * The capacity of positions to keep once {@code live} are renumbered 1..live: {@code capacity} while it is at
     * least {@value #ROOM} times that, else at least that and double.
     */
    static int capacityFor(int live, int capacity) {
        if ((long) ROOM * live <= capacity) {
            return capacity;
        }
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) ROOM * live, 2L * capacity));
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

    /** Dead positions after {@code position}: all the dead less those up to it, as no position after now is dead. */
    int after(int position) {
        int word = position >>> 6;
        return dead - inWordsBefore(word) - Long.bitCount(bits[word] & ((2L << position) - 1));
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

    /** Where a renumbering tells each live page its new position. */
    interface Moved {
        void to(int page, int position);
    }

    /**
     * Moves the live positions of 1..{@code cursor} to 1..N in order, N the live ones: each one's page, from
     * {@code pageAt}, is told its new position through {@code moved}, and {@code pageAt} follows. The dead bits find
     * them, so a page's position is written once, where checking each position against its page would read a
     * random entry per position. The counts are left as they were, for the caller to clear to its capacity.
     *
     * @return N
     */
    int renumberLive(int cursor, int[] pageAt, Moved moved) {
        int live = 0;
        int lastWord = cursor >>> 6;
        for (int w = 0; w <= lastWord; w++) {
            long alive = ~bits[w];
            if (w == 0) {
                alive &= -2L; // position 0 is never used
            }
            if (w == lastWord) {
                alive &= -1L >>> (63 - (cursor & 63)); // nothing after the cursor
            }
            // In place is safe: a live position moves to one no later than itself, already read.
            while (alive != 0) {
                int page = pageAt[(w << 6) | Long.numberOfTrailingZeros(alive)];
                alive &= alive - 1;
                live++;
                moved.to(page, live);
                pageAt[live] = page;
            }
        }
        return live;
    }
}
