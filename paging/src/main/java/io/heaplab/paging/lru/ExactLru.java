package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageTables;
import java.util.Arrays;

/**
 * Strict LRU replacement in a fixed number of frames: the top of the LRU stack of Mattson et al. (1970).
 *
 * <p>The recency order is a queue of references, not a linked list. Every run appends its page at the next
 * position and stamps the page with that position (the stamp is 0 while the page is not resident); a hit marks
 * the page's previous entry stale. The least recently used resident page is then the oldest entry not stale, and
 * eviction pops entries from the front until it finds one. A hit costs one stamp read and write, one store into
 * a recent part of the queue and one sequential append, where a linked list costs four scattered pointer writes;
 * each entry is popped or dropped once, so a reference costs amortized O(1). Positions only grow: when they reach
 * the queue's end the live entries (at most the frames) move to the front and are renumbered, and the queue then
 * grows to at least four times them, so at least three runs pass per entry moved.
 *
 * <p>On a trace larger than the cache a reference's cost is the cache misses on its page's stamp and the
 * victim's. Before simulating a few dozen runs, their stamps and the next victims' are loaded in a loop with no
 * branch on them, so the misses overlap instead of each stalling a mispredicted hit-or-fault branch (on a Zipf
 * trace over a million pages, from 24 to 40 M references/s in a side-by-side run).
 *
 * <p>Only the first reference of a run can fault; the rest of the run hits the page it just made most recent.
 * A page is dirty from a run that writes it until it leaves memory (the stamp's low bit); evicting a dirty page
 * counts one write-back (measure {@code writeBacks}). Pages still dirty when the run ends are not counted.
 */
public final class ExactLru implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    private static final int MIN_CAPACITY = 1 << 12;
    private static final int DIRTY = 1;
    /** A queue entry whose page was referenced again later. */
    private static final int STALE = -1;
    /** Runs whose stamps are loaded ahead at once. */
    private static final int AHEAD = 64;
    /** Positions are stamped times two, so they stay below 2^30. */
    private static final int MAX_CAPACITY = 1 << 30;

    private final int frames;

    /** Per page: its newest position times two, plus {@link #DIRTY} while dirty; 0 while not resident. */
    private int[] stamp = new int[INITIAL_PAGES];
    /** The page referenced at each position; position 0 is never used, so a stamp of 0 names no position. */
    private int[] queue;
    /** The oldest position that may still be live; every position before it is stale or evicted. */
    private int front = 1;
    /** The next position to take. */
    private int cursor = 1;
    private int resident;
    private long faults;
    private long writeBacks;
    /** Keeps the loads ahead from being optimized away. */
    private int touched;

    public ExactLru(int frames) {
        // a queue for all the frames at once only for small memories: a large one grows as its frames fill
        this(frames, Math.max(MIN_CAPACITY, 4 * Math.min(frames, 1 << 16)));
    }

    /** With a small {@code capacity}, tests make the renumbering happen often. */
    ExactLru(int frames, int capacity) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.queue = new int[Math.min(MAX_CAPACITY, Math.max(2, capacity) + 1)];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int from = 0; from < length; from += AHEAD) {
            int to = Math.min(length, from + AHEAD);
            growAndLoadAhead(runs, from, to);
            simulate(runs, from, to);
        }
    }

    /**
     * Grows the stamps to fit the next runs' pages, which {@link #simulate} counts on, and loads the stamps they
     * will read, of their pages and of the next candidate victims, in a loop without branches on them, so the cache
     * misses of a trace larger than the cache overlap instead of stalling one by one.
     */
    private void growAndLoadAhead(long[] runs, int from, int to) {
        int[] stamp = this.stamp;
        int sum = 0;
        for (int i = from; i < to; i++) {
            int page = PageRun.page(runs[i]);
            if (page < 0 || page >= stamp.length) {
                stamp = this.stamp = Arrays.copyOf(stamp, PageTables.grownLength(stamp.length, page));
            }
            sum += stamp[page];
        }
        int end = Math.min(cursor, front + (to - from));
        for (int position = front; position < end; position++) {
            int page = queue[position];
            sum += stamp[page & ~(page >> 31)]; // a stale entry loads page 0's
        }
        touched += sum;
    }

    private void simulate(long[] runs, int from, int to) {
        for (int i = from; i < to; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (cursor == queue.length) {
                compact();
            }
            int old = stamp[page];
            if (old == 0) {
                fault();
            } else {
                queue[old >>> 1] = STALE;
            }
            int dirty = (old & DIRTY) | (PageRun.isWrite(run) ? DIRTY : 0);
            stamp[page] = (cursor << 1) | dirty;
            queue[cursor++] = page;
        }
    }

    /** Counts the fault and, when memory is full, evicts the least recently used page. */
    private void fault() {
        faults++;
        if (resident < frames) {
            resident++;
            return;
        }
        int victim;
        while ((victim = queue[front++]) == STALE) {
            // an entry whose page was referenced again later
        }
        int old = stamp[victim];
        writeBacks += old & DIRTY;
        stamp[victim] = 0;
    }

    /**
     * Moves the live entries to positions 1, 2, ... in order, and grows the queue to at least four times them
     * when they fill more than a quarter of it.
     */
    private void compact() {
        int live = 0;
        // In place is safe: a live entry moves to a position no later than its own, already read.
        for (int position = front; position < cursor; position++) {
            int page = queue[position];
            if (page != STALE) {
                live++;
                stamp[page] = (live << 1) | (stamp[page] & DIRTY);
                queue[live] = page;
            }
        }
        if (4L * live > queue.length - 1) {
            if (live + 1 >= MAX_CAPACITY) {
                throw new IllegalStateException(live + " pages resident: more than exact LRU's queue holds ("
                        + (MAX_CAPACITY - 1) + ")");
            }
            queue = Arrays.copyOf(queue, (int) Math.min(MAX_CAPACITY, Math.max(2L * queue.length, 4L * live + 1)));
        }
        front = 1;
        cursor = live + 1;
    }

    /** Forgets the counts; the memory and the dirty bits stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    /** Whether {@code page} is in memory now. */
    public boolean isResident(int page) {
        return page >= 0 && page < stamp.length && stamp[page] != 0;
    }

    /**
     * Checks that every resident page has exactly one live entry, in the queue's live part, and that no more pages
     * are resident than the frames.
     */
    @Override
    public void finish() {
        int live = 0;
        for (int position = front; position < cursor; position++) {
            int page = queue[position];
            if (page != STALE) {
                live++;
                if (stamp[page] >>> 1 != position) {
                    throw new IllegalStateException("page " + page + " has a live entry at " + position
                            + " but is stamped " + (stamp[page] >>> 1));
                }
            }
        }
        int stamped = 0;
        for (int page = 0; page < stamp.length; page++) {
            int position = stamp[page] >>> 1;
            if (stamp[page] != 0) {
                stamped++;
                if (position < front || position >= cursor || queue[position] != page) {
                    throw new IllegalStateException("page " + page + " is resident at position " + position
                            + " outside the queue's live part " + front + ".." + (cursor - 1));
                }
            }
        }
        if (live != resident || stamped != resident || resident > frames) {
            throw new IllegalStateException(resident + " pages resident in " + frames + " frames, " + live
                    + " live entries, " + stamped + " pages stamped");
        }
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return FixedMemoryOutcome.of(faults, writeBacks);
    }

    public int frames() {
        return frames;
    }
}
