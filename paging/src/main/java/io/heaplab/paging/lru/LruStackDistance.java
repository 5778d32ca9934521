package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;

/**
 * LRU faults for every memory size in one pass, from stack distances (Mattson, Gecsei, Slutz &amp; Traiger 1970).
 *
 * <p>LRU has the inclusion property: with {@code f} frames it holds exactly the top {@code f} pages of the LRU
 * stack, so a re-reference at stack distance {@code d} hits in every memory of {@code d} frames or more and
 * faults in every smaller one. One histogram of distances thus gives the whole curve.
 *
 * <p>The stack is never materialized. Each page has one mark in a Fenwick tree, at the logical time of its last
 * reference; the stack distance of a re-reference is the number of marks at or after the page's own, found in
 * O(log n). Logical time only moves forward, so when it reaches the tree's capacity the live marks are
 * renumbered 1..N in order and the tree rebuilt; the capacity is kept at least 2N, so at least N references pass
 * between rebuilds of cost O(capacity) and the renumbering is amortized O(1).
 */
public final class LruStackDistance implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    private static final int DEFAULT_CAPACITY = 1 << 16;
    private static final int NEVER = 0;

    /** Logical time of each page's last reference, its mark's position; {@link #NEVER} before the first. */
    private int[] lastAt = new int[INITIAL_PAGES];
    /** The page whose mark was put at each position; stale once the mark has moved on. */
    private int[] pageAt;
    /** Fenwick tree over positions 1..capacity, one count per live mark. */
    private int[] tree;
    private int capacity;
    private int cursor;

    private int distinct;
    private long runs;
    /** Element d: re-references at stack distance d. */
    private long[] atDistance = new long[64];

    public LruStackDistance() {
        this(DEFAULT_CAPACITY);
    }

    /** With a small {@code capacity}, tests make the renumbering happen often. */
    LruStackDistance(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
        }
        this.capacity = capacity;
        this.pageAt = new int[capacity + 1];
        this.tree = new int[capacity + 1];
    }

    @Override
    public void accept(long[] batch, int length) {
        for (int i = 0; i < length; i++) {
            reference(PageRun.page(batch[i]));
        }
    }

    private void reference(int page) {
        if (page < 0 || page >= lastAt.length) {
            grow(page);
        }
        if (cursor == capacity) {
            compact();
        }
        runs++;
        int last = lastAt[page];
        if (last == NEVER) {
            distinct++;
        } else {
            int distance = distinct - prefix(last - 1);
            if (distance >= atDistance.length) {
                atDistance = Arrays.copyOf(atDistance, Math.max(distance + 1, 2 * atDistance.length));
            }
            atDistance[distance]++;
            add(last, -1);
        }
        cursor++;
        add(cursor, 1);
        lastAt[page] = cursor;
        pageAt[cursor] = page;
    }

    /** Marks at positions 1..position. */
    private int prefix(int position) {
        int sum = 0;
        for (int i = position; i > 0; i -= i & -i) {
            sum += tree[i];
        }
        return sum;
    }

    private void add(int position, int delta) {
        for (int i = position; i <= capacity; i += i & -i) {
            tree[i] += delta;
        }
    }

    private void compact() {
        int live = 0;
        // In place is safe: a live mark moves to a position no later than its own, already read.
        for (int position = 1; position <= cursor; position++) {
            int page = pageAt[position];
            if (lastAt[page] == position) {
                live++;
                lastAt[page] = live;
                pageAt[live] = page;
            }
        }
        if (2L * live > capacity) {
            capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * live, 2L * capacity));
            pageAt = Arrays.copyOf(pageAt, capacity + 1);
        }
        tree = new int[capacity + 1];
        Arrays.fill(tree, 1, live + 1, 1);
        for (int i = 1; i <= capacity; i++) {
            int parent = i + (i & -i);
            if (parent <= capacity) {
                tree[parent] += tree[i];
            }
        }
        cursor = live;
    }

    private void grow(int page) {
        if (page < 0) {
            throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
        }
        lastAt = Arrays.copyOf(lastAt, (int) Math.min(Integer.MAX_VALUE - 8,
                Math.max(page + 1L, 2L * lastAt.length)));
    }

    /** Checks that the tree holds one mark per page and that every run was counted once. */
    @Override
    public void finish() {
        if (prefix(cursor) != distinct) {
            throw new IllegalStateException(prefix(cursor) + " marks for " + distinct + " pages");
        }
        long[] curve = curve();
        long counted = distinct;
        for (long n : atDistance) {
            counted += n;
        }
        if (counted != runs || (curve.length > 0 && curve[curve.length - 1] != distinct)) {
            throw new IllegalStateException("curve " + Arrays.toString(curve) + " does not account for " + runs
                    + " references to " + distinct + " pages");
        }
        for (int i = 1; i < curve.length; i++) {
            if (curve[i] > curve[i - 1]) {
                throw new IllegalStateException("curve rises at " + (i + 1) + " frames: " + Arrays.toString(curve));
            }
        }
    }

    @Override
    public PagingOutcome outcome() {
        return new PagingOutcome.Curve(curve());
    }

    /** Element f-1: first references plus re-references deeper than f. */
    private long[] curve() {
        long[] faults = new long[distinct];
        long deeper = distinct;
        for (int frames = distinct; frames >= 1; frames--) {
            faults[frames - 1] = deeper;
            if (frames < atDistance.length) {
                deeper += atDistance[frames];
            }
        }
        return faults;
    }
}
