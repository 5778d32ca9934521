package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import io.heaplab.paging.stack.StackCurve;
import java.util.Arrays;

/**
 * The one-pass LRU curve in a single plain loop (Mattson, Gecsei, Slutz &amp; Traiger 1970; positions, dead bits and a
 * Fenwick tree of dead words, renumbered at twice the live positions): the reference that {@link LruStackDistance}
 * and its staged form on one thread or two must equal at every size, in every measure.
 */
public final class FenwickStackDistance implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    /** Small to start with: a shallow tree is a fast one; it grows with the number of pages. */
    private static final int DEFAULT_CAPACITY = 1 << 10;
    private static final int NEVER = 0;
    /** Re-references whose last position is within this many words of now count their deaths bit by bit. */
    private static final int NEAR_WORDS = 8;

    /** Logical time of each page's last reference, its mark's position; {@link #NEVER} before the first. */
    private int[] lastAt = new int[INITIAL_PAGES];
    /** The page whose mark was put at each position; stale once the mark has moved on. */
    private int[] pageAt;
    /** Bit {@code q} is set when position {@code q} is dead. */
    private long[] deadBits;
    /** Fenwick tree over words of {@link #deadBits}: element {@code w + 1} covers word {@code w}'s dead count. */
    private int[] deadWords;
    private int deaths;
    private int capacity;
    private int cursor;

    private final StackCurve curve = new StackCurve();

    public FenwickStackDistance() {
        this(DEFAULT_CAPACITY);
    }

    /** With a small {@code capacity}, tests make the renumbering happen often. */
    public FenwickStackDistance(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
        }
        this.capacity = capacity;
        this.pageAt = new int[capacity + 1];
        clearDeaths();
    }

    @Override
    public void accept(long[] batch, int length) {
        for (int i = 0; i < length; i++) {
            reference(batch[i]);
        }
    }

    /** Forgets the counts; the stack stays, so a page seen before the measured phase faults by distance. */
    @Override
    public void startMeasuring() {
        curve.startMeasuring(this::depthOf);
    }

    private void reference(long run) {
        int page = PageRun.page(run);
        if (page < 0 || page >= lastAt.length) {
            grow(page);
        }
        if (cursor == capacity) {
            compact();
        }
        cursor++;
        int last = lastAt[page];
        if (last == NEVER) {
            curve.firstReference(page, run);
        } else {
            // positions last..cursor-1 are the pages referenced since, less those referenced again after
            curve.reReference(page, cursor - last - deadAfter(last), run);
            kill(last);
        }
        lastAt[page] = cursor;
        pageAt[cursor] = page;
    }

    /** The depth of a page referenced before in the stack as it stands: 1 + the pages referenced since. */
    private int depthOf(int page) {
        int last = lastAt[page];
        return cursor + 1 - last - deadAfter(last);
    }

    /** Dead positions after {@code position}; all of them lie before the cursor. */
    private int deadAfter(int position) {
        int word = position >>> 6;
        long above = deadBits[word] & (-2L << position);
        int dead = Long.bitCount(above);
        int lastWord = cursor >>> 6;
        if (lastWord - word <= NEAR_WORDS) {
            for (int w = word + 1; w <= lastWord; w++) {
                dead += Long.bitCount(deadBits[w]);
            }
            return dead;
        }
        return deaths - deadInWordsBefore(word) - Long.bitCount(deadBits[word]) + dead;
    }

    /** Dead positions in words 0..word-1. */
    private int deadInWordsBefore(int word) {
        int sum = 0;
        for (int i = word; i > 0; i -= i & -i) {
            sum += deadWords[i];
        }
        return sum;
    }

    private void kill(int position) {
        deaths++;
        int word = position >>> 6;
        deadBits[word] |= 1L << position;
        for (int i = word + 1; i < deadWords.length; i += i & -i) {
            deadWords[i]++;
        }
    }

    private void clearDeaths() {
        int words = (capacity >>> 6) + 1;
        if (deadBits == null || deadBits.length != words) {
            deadBits = new long[words];
            deadWords = new int[words + 1];
        } else {
            Arrays.fill(deadBits, 0L);
            Arrays.fill(deadWords, 0);
        }
        deaths = 0;
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
        clearDeaths();
        cursor = live;
    }

    private void grow(int page) {
        lastAt = Arrays.copyOf(lastAt, PageTables.grownLength(lastAt.length, page));
    }

    /** Checks that one position per page is alive and that every run was counted once. */
    @Override
    public void finish() {
        int dead = 0;
        for (long bits : deadBits) {
            dead += Long.bitCount(bits);
        }
        if (cursor - dead != curve.distinct() || dead != deaths || deadInWordsBefore(deadBits.length) != deaths) {
            throw new IllegalStateException((cursor - dead) + " live positions for " + curve.distinct() + " pages");
        }
        curve.verify();
    }

    /** The curve so far; O(pages log pages) to read, for the depth of every dirty page. */
    @Override
    public PagingOutcome outcome() {
        return curve.outcome(this::depthOf);
    }
}
