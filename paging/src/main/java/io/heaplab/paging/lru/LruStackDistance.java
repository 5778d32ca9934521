package io.heaplab.paging.lru;

import io.heaplab.core.spi.FaultsOnGrid;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import io.heaplab.paging.stack.StackCurve;
import java.util.Arrays;

/**
 * LRU faults for every memory size in one pass, from stack distances (Mattson, Gecsei, Slutz &amp; Traiger 1970).
 *
 * <p>LRU has the inclusion property: with {@code f} frames it holds exactly the top {@code f} pages of the LRU
 * stack, so a re-reference at stack distance {@code d} hits in every memory of {@code d} frames or more and
 * faults in every smaller one. One histogram of distances thus gives the whole curve; {@link StackCurve} keeps it,
 * with the write-backs and mean resident pages at every size.
 *
 * <p>The stack is never materialized. Logical time advances by one per run and each run takes the next
 * position; a page's last reference sits at its last position. Every position between that one and now belongs to
 * a page referenced since, once, unless the position is <i>dead</i>: its page was referenced again later. So the
 * stack distance is the number of positions from the last one to now minus the dead ones after it, and only deaths
 * need counting; the new position costs nothing. {@link StackClock} keeps the positions, their deaths and their
 * renumbering.
 *
 * <p>Each page's last position and its write-back level ({@link StackCurve.Levels}) share one {@code long} in one
 * table, so a run to a page out of the cache costs one miss for both; the next runs' entries are loaded ahead in a loop of
 * their own so that the misses overlap. (Loading the dead-bit words ahead as well, which fit in the second-level
 * cache, cost a tenth of the speed on a Zipf trace of a million pages.) {@code threads = 2} splits the work in two
 * stages instead ({@link StagedLruStackDistance}).
 */
public final class LruStackDistance implements PagingSimulator, FaultsOnGrid {

    private static final int INITIAL_PAGES = 1024;
    /** Small to start with: few positions make a shallow tree; it grows with the number of pages. */
    private static final int DEFAULT_CAPACITY = 1 << 10;
    private static final int NEVER = 0;
    /** The level's half of a page's entry. */
    private static final long LEVEL = 0xFFFF_FFFF_0000_0000L;
    /** Runs whose entries are loaded ahead at once. */
    private static final int AHEAD = 128;

    /**
     * Per page: its last position in the low 32 bits ({@link #NEVER} before its first reference), its write-back
     * level in the high 32.
     */
    private long[] pages = new long[INITIAL_PAGES];
    /** A renumbering rewrites a page's position and keeps its level. */
    private final StackClock clock;
    private final StackCurve curve = new StackCurve();
    private final StackCurve.Levels levels = new PageLevels();
    /** Keeps the loads ahead from being optimized away. */
    private long loaded;

    /** The one-pass LRU curve on this thread. */
    public LruStackDistance() {
        this(DEFAULT_CAPACITY);
    }

    /** With a small {@code capacity}, tests make renumberings happen often. */
    LruStackDistance(int capacity) {
        this.clock = new StackClock(capacity, (page, position) -> pages[page] = pages[page] & LEVEL | position);
    }

    /** The one-pass LRU curve on {@code threads} threads, 1 or 2: the same curve either way. */
    public static PagingSimulator onThreads(int threads) {
        if (threads == 1) {
            return new LruStackDistance();
        }
        return new StagedLruStackDistance(threads);
    }

    @Override
    public void accept(long[] batch, int length) {
        for (int from = 0; from < length; from += AHEAD) {
            int to = Math.min(length, from + AHEAD);
            loadAhead(batch, from, to);
            for (int i = from; i < to; i++) {
                reference(batch[i]);
            }
        }
    }

    /**
     * Grows the table to fit the next runs' pages, which {@link #reference} counts on, and loads their entries in a
     * loop without branches on the data, so that on a trace larger than the cache the misses overlap instead of
     * stalling one at a time.
     */
    private void loadAhead(long[] batch, int from, int to) {
        long[] table = pages;
        long sum = 0;
        for (int i = from; i < to; i++) {
            int page = PageRun.page(batch[i]);
            if (page < 0 || page >= table.length) {
                table = grow(page);
            }
            sum += table[page];
        }
        loaded += sum;
    }

    private void reference(long run) {
        int page = PageRun.page(run);
        int now = clock.take(page);
        long[] table = pages;
        long entry = table[page];
        int last = (int) entry;
        int level = (int) (entry >>> 32);
        if (last == NEVER) {
            level = curve.levelAfterFirst(run);
        } else {
            level = curve.levelAfter(level, clock.distance(last, now), run);
            clock.kill(last);
        }
        table[page] = (long) level << 32 | now;
    }

    /** Forgets the counts; the stack stays, so a page seen before the measured phase faults by distance. */
    @Override
    public void startMeasuring() {
        curve.startMeasuring(levels, this::depthOf);
    }

    /** The depth of a page referenced before in the stack as it stands: 1 + the pages referenced since. */
    private int depthOf(int page) {
        return clock.depth((int) pages[page]);
    }

    private long[] grow(int page) {
        return pages = Arrays.copyOf(pages, PageTables.grownLength(pages.length, page));
    }

    /** Checks that one position per page is alive and that every run was counted once. */
    @Override
    public void finish() {
        if (clock.live() != curve.distinct() || !clock.consistent()) {
            throw new IllegalStateException(clock.live() + " live positions for " + curve.distinct() + " pages");
        }
        curve.verify();
    }

    @Override
    public void keepFaultsOnGrid() {
        curve.keepFaultsOnGrid();
    }

    @Override
    public long[] faultsOnGrid() {
        return curve.faultsOnGrid();
    }

    /** The curve so far; O(pages log pages) to read, for the depth of every dirty page. */
    @Override
    public PagingOutcome outcome() {
        return curve.outcome(levels, this::depthOf);
    }

    /** The levels in the high halves of the page table's entries. */
    private final class PageLevels implements StackCurve.Levels {
        @Override
        public int pages() {
            return pages.length;
        }

        @Override
        public int level(int page) {
            return (int) (pages[page] >>> 32);
        }

        @Override
        public void level(int page, int level) {
            pages[page] = (long) level << 32 | (pages[page] & ~LEVEL);
        }
    }
}
