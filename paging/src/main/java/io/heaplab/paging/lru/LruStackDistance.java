package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import io.heaplab.paging.stack.StackCurve;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * LRU faults for every memory size in one pass, from stack distances (Mattson, Gecsei, Slutz &amp; Traiger 1970).
 *
 * <p>LRU has the inclusion property: with {@code f} frames it holds exactly the top {@code f} pages of the LRU
 * stack, so a re-reference at stack distance {@code d} hits in every memory of {@code d} frames or more and
 * faults in every smaller one. One histogram of distances thus gives the whole curve; {@link StackCurve} keeps it,
 * with the write-backs and mean resident pages at every size.
 *
 * <p>The stack is never materialized. Logical time advances by one per run and each run takes the next
 * position; a page's last reference sits at position {@code lastAt[page]}. Every position between that one and
 * now belongs to a page referenced since, once, unless the position is <i>dead</i>: its page was referenced again
 * later. So the stack distance is the number of positions from {@code lastAt[page]} to now minus the dead ones
 * after it, and only deaths need counting; the new position costs nothing.
 *
 * <p>Deaths are kept at two levels: one bit per position, and a Fenwick tree of dead counts per 64-position word.
 * Most re-references are near (locality), and their dead positions are counted with a few {@code bitCount}s; a
 * far one asks the tree, O(log(n / 64)). A death sets a bit and updates the tree, O(log(n / 64)). Logical time
 * only moves forward, so when it reaches the capacity the live positions are renumbered 1..N in order and the
 * counts cleared; the capacity is kept at least 4N, so at least 3N runs pass between renumberings of cost
 * O(capacity): amortized O(1).
 *
 * <p><b>Two stages.</b> The work splits where the state does: the <i>positions</i> stage (each page's last
 * position, the renumbering) hands each run's page, previous position and new position to the <i>deaths</i>
 * stage (the dead bits, the tree and the curve's bookkeeping), a block of runs at a time; a renumbering first
 * brings the deaths stage up to date. With {@code threads = 2} the deaths stage of one block runs on a second thread while the
 * positions stage fills the next, in order, so the curve is the same as on one thread, to the bit.
 */
public final class LruStackDistance implements PagingSimulator {

    private static final int INITIAL_PAGES = 1024;
    /** Small to start with: a shallow tree is a fast one; it grows with the number of pages. */
    private static final int DEFAULT_CAPACITY = 1 << 10;
    private static final int NEVER = 0;
    /** Re-references whose last position is within this many words of now count their deaths bit by bit. */
    private static final int NEAR_WORDS = 8;
    /** Runs handed from the positions stage to the deaths stage at a time. */
    private static final int DEFAULT_BLOCK = 1 << 13;
    /** The capacity kept per live position: a renumbering walks it all, once per (ROOM - 1) N runs. */
    private static final int ROOM = 4;
    /** Runs whose tables are loaded ahead at once. */
    private static final int AHEAD = 64;

    // the positions stage

    /** Logical time of each page's last reference, its mark's position; {@link #NEVER} before the first. */
    private int[] lastAt = new int[INITIAL_PAGES];
    /** The page whose mark was put at each position; stale once the mark has moved on. */
    private int[] pageAt;
    private int capacity;
    private int cursor;
    /** Keeps the loads ahead from being optimized away. */
    private int loaded;

    // the deaths stage

    /** The positions whose page was referenced again since. */
    private final DeadPositions dead;
    private final StackCurve curve = new StackCurve();
    /** Keeps the loads ahead from being optimized away. */
    private long touched;

    // the hand-over: blocks of runs, two of them when a second thread takes the deaths stage

    private Block filling;
    private Block spare;
    /** The second thread, with two threads: one platform thread, so the deaths stage's tables stay in its cache. */
    private final ExecutorService second;
    /** The deaths stage of the block handed over last, or null. */
    private Future<?> deathsStage;
    /** Blocks handed to the second thread, for tests. */
    int handOvers;
    /** A failure of the deaths stage: the curve has lost runs, so every later call reports it again. */
    private Throwable failed;

    public LruStackDistance() {
        this(1);
    }

    /** With {@code threads} 2, the deaths stage runs beside the positions stage. */
    public LruStackDistance(int threads) {
        this(DEFAULT_CAPACITY, threads, DEFAULT_BLOCK);
    }

    /** With a small {@code capacity} and {@code block}, tests make renumberings and hand-overs happen often. */
    LruStackDistance(int capacity, int threads, int block) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
        }
        if (threads < 1 || threads > 2) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: 1 or 2)");
        }
        if (block < 2) {
            throw new IllegalArgumentException("block: " + block + " (expected: >= 2)");
        }
        this.capacity = capacity;
        this.pageAt = new int[capacity + 1];
        this.filling = new Block(block);
        this.spare = threads == 2 ? new Block(block) : null;
        // no thread kept while idle, so an analyzer dropped unfinished leaves none behind
        this.second = threads == 2 ? new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "heaplab-lru-deaths");
                    thread.setDaemon(true);
                    return thread;
                }) : null;
        this.dead = new DeadPositions(capacity);
    }

    @Override
    public void accept(long[] batch, int length) {
        checkNotFailed();
        for (int from = 0; from < length; from += AHEAD) {
            int to = Math.min(length, from + AHEAD);
            growAndLoadAhead(batch, from, to);
            for (int i = from; i < to; i++) {
                if (filling.size == filling.run.length) {
                    handOver();
                }
                position(batch[i]);
            }
        }
    }

    /**
     * Grows the last positions to fit the next runs' pages, which {@link #position} counts on, and loads theirs
     * ahead, as {@link #loadAhead(Block, int, int)} does for the deaths stage.
     */
    private void growAndLoadAhead(long[] batch, int from, int to) {
        int[] positions = lastAt;
        int sum = 0;
        for (int i = from; i < to; i++) {
            int page = PageRun.page(batch[i]);
            if (page < 0 || page >= positions.length) {
                positions = grow(page);
            }
            sum += positions[page];
        }
        loaded += sum;
    }

    /** Forgets the counts; the stack stays, so a page seen before the measured phase faults by distance. */
    @Override
    public void startMeasuring() {
        drain();
        curve.startMeasuring(this::depthOf);
    }

    /** The positions stage of one run: its page's previous position and its new one, into the block. */
    private void position(long run) {
        int page = PageRun.page(run);
        if (cursor == capacity) {
            renumber();
        }
        cursor++;
        filling.add(page, lastAt[page], cursor, run);
        lastAt[page] = cursor;
        pageAt[cursor] = page;
    }

    /** The deaths stage of a block's runs, in order; the block is empty afterwards, whatever happens. */
    private void deaths(Block block) {
        try {
            deathsOf(block);
        } catch (RuntimeException | Error e) {
            failed = e;
            throw e;
        } finally {
            block.size = 0;
        }
    }

    private void deathsOf(Block block) {
        for (int from = 0; from < block.size; from += AHEAD) {
            int to = Math.min(block.size, from + AHEAD);
            loadAhead(block, from, to);
            for (int i = from; i < to; i++) {
                int last = block.last[i];
                int now = block.now[i];
                if (last == NEVER) {
                    curve.firstReference(block.page[i], block.run[i]);
                } else {
                    // positions last..now-1 are the pages referenced since, less those referenced again after
                    curve.reReference(block.page[i], now - last - dead.after(last, now, NEAR_WORDS), block.run[i]);
                    dead.kill(last);
                }
            }
        }
    }

    /**
     * Loads the dead bits and the curve's page entries the next runs will read, in a loop without branches on
     * them, so that on a trace larger than the cache their misses overlap instead of stalling one at a time.
     */
    private void loadAhead(Block block, int from, int to) {
        DeadPositions positions = dead;
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += positions.wordAt(block.last[i]);
        }
        touched += sum + curve.loadAhead(block.page, from, to);
    }

    /** Runs the deaths stage of the filled block, here or on the second thread, and starts the next block. */
    private void handOver() {
        if (spare == null) {
            deaths(filling);
            return;
        }
        awaitDeaths();
        Block handed = filling;
        filling = spare;
        spare = handed;
        handOvers++;
        deathsStage = second.submit(() -> deaths(handed));
    }

    /** Waits for the deaths stage handed over last. */
    private void awaitDeaths() {
        if (deathsStage == null) {
            return;
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    deathsStage.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the stage is short: finish it, then keep the interrupt
                }
            }
        } catch (ExecutionException e) {
            // the stage's own failure, as if it had run here: an Error stays an Error
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        } finally {
            deathsStage = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Brings the deaths stage up to the positions stage, so both describe the same stack. */
    private void drain() {
        checkNotFailed();
        awaitDeaths();
        deaths(filling);
    }

    private void checkNotFailed() {
        if (failed != null) {
            throw new IllegalStateException("the LRU curve lost runs to an earlier failure: " + failed, failed);
        }
    }

    /** The depth of a page referenced before in the stack as it stands: 1 + the pages referenced since. */
    private int depthOf(int page) {
        int last = lastAt[page];
        return cursor + 1 - last - dead.after(last, cursor, NEAR_WORDS);
    }

    /**
     * Moves the live positions to 1..N in order, growing the capacity to at least {@value #ROOM} N. Both stages are
     * brought up to date first, so the live positions are the ones not dead: a walk over the dead bits finds them,
     * and a page's last position is written once, where checking each position against its page's read N random
     * entries per renumbering and more.
     */
    private void renumber() {
        drain();
        int live = 0;
        int[] pages = pageAt;
        int[] positions = lastAt;
        int words = cursor >>> 6;
        for (int w = 0; w <= words; w++) {
            long alive = ~dead.word(w);
            if (w == 0) {
                alive &= -2L; // position 0 is never used
            }
            if (w == words) {
                alive &= -1L >>> (63 - (cursor & 63)); // nothing after the cursor
            }
            // In place is safe: a live mark moves to a position no later than its own, already read.
            while (alive != 0) {
                int page = pages[(w << 6) | Long.numberOfTrailingZeros(alive)];
                alive &= alive - 1;
                live++;
                positions[page] = live;
                pages[live] = page;
            }
        }
        if ((long) ROOM * live > capacity) {
            capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) ROOM * live, 2L * capacity));
            pageAt = Arrays.copyOf(pageAt, capacity + 1);
        }
        dead.clear(capacity);
        cursor = live;
    }

    private int[] grow(int page) {
        return lastAt = Arrays.copyOf(lastAt, PageTables.grownLength(lastAt.length, page));
    }

    /** Checks that one position per page is alive and that every run was counted once. */
    @Override
    public void finish() {
        drain();
        if (cursor - dead.dead() != curve.distinct() || !dead.consistent()) {
            throw new IllegalStateException((cursor - dead.dead()) + " live positions for " + curve.distinct()
                    + " pages");
        }
        curve.verify();
    }

    /** The curve so far; O(pages log pages) to read, for the depth of every dirty page. */
    @Override
    public PagingOutcome outcome() {
        drain();
        return curve.outcome(this::depthOf);
    }

    /** Runs on their way from the positions stage to the deaths stage. */
    private static final class Block {
        final int[] page;
        /** The run's page's previous position, or {@link #NEVER}. */
        final int[] last;
        /** The run's new position. */
        final int[] now;
        final long[] run;
        int size;

        Block(int length) {
            page = new int[length];
            last = new int[length];
            now = new int[length];
            run = new long[length];
        }

        void add(int page, int last, int now, long run) {
            this.page[size] = page;
            this.last[size] = last;
            this.now[size] = now;
            this.run[size] = run;
            size++;
        }
    }
}
