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
 * <p>The stack is never materialized. Logical time advances by one per run and each run takes the next
 * position; a page's last reference sits at position {@code lastAt[page]}. Every position between that one and
 * now belongs to a page referenced since, once, unless the position is <i>dead</i>: its page was referenced again
 * later. So the stack distance is the number of positions from {@code lastAt[page]} to now minus the dead ones
 * after it, and a Fenwick tree needs to count only deaths: one prefix query and one update per re-reference,
 * both O(log n), and nothing at all for the new position. Logical time only moves forward, so when it reaches
 * the tree's capacity the live positions are renumbered 1..N in order and the tree cleared; the capacity is kept
 * at least 2N, so at least N runs pass between renumberings of cost O(capacity): amortized O(1).
 */
public final class LruStackDistance implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    /** Small to start with: a shallow tree is a fast one; it grows with the number of pages. */
    private static final int DEFAULT_CAPACITY = 1 << 10;
    private static final int NEVER = 0;

    /** Logical time of each page's last reference, its mark's position; {@link #NEVER} before the first. */
    private int[] lastAt = new int[INITIAL_PAGES];
    /** The page whose mark was put at each position; stale once the mark has moved on. */
    private int[] pageAt;
    /** Fenwick tree over positions 1..capacity, one count per dead position. */
    private int[] dead;
    private int deaths;
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
        this.dead = new int[capacity + 1];
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
        cursor++;
        int last = lastAt[page];
        if (last == NEVER) {
            distinct++;
        } else {
            // positions last..cursor-1 are the pages referenced since, less those referenced again after
            int distance = cursor - last - (deaths - deadUpTo(last));
            if (distance >= atDistance.length) {
                atDistance = Arrays.copyOf(atDistance, Math.max(distance + 1, 2 * atDistance.length));
            }
            atDistance[distance]++;
            kill(last);
        }
        lastAt[page] = cursor;
        pageAt[cursor] = page;
    }

    /** Dead positions at 1..position. */
    private int deadUpTo(int position) {
        int sum = 0;
        for (int i = position; i > 0; i -= i & -i) {
            sum += dead[i];
        }
        return sum;
    }

    private void kill(int position) {
        deaths++;
        for (int i = position; i <= capacity; i += i & -i) {
            dead[i]++;
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
        dead = new int[capacity + 1];
        deaths = 0;
        cursor = live;
    }

    private void grow(int page) {
        if (page < 0) {
            throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
        }
        lastAt = Arrays.copyOf(lastAt, (int) Math.min(Integer.MAX_VALUE - 8,
                Math.max(page + 1L, 2L * lastAt.length)));
    }

    /** Checks that one position per page is alive and that every run was counted once. */
    @Override
    public void finish() {
        if (cursor - deadUpTo(cursor) != distinct || deadUpTo(capacity) != deaths) {
            throw new IllegalStateException((cursor - deadUpTo(cursor)) + " live positions for " + distinct
                    + " pages");
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
