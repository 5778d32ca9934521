package io.heaplab.paging.lru;

import io.heaplab.core.spi.FaultsOnGrid;
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
 * {@link LruStackDistance}'s curve with its work split in two stages, so that a second core can take one: the
 * same curve, to the bit.
 *
 * <p>The work splits where the state does: the <i>positions</i> stage (each page's last position, the renumbering)
 * hands each run's page, previous position and new position to the <i>deaths</i> stage (the dead positions and the
 * curve's bookkeeping, with each page's level), a block of runs at a time; a renumbering first brings the deaths
 * stage up to date. With {@code threads = 2} the deaths stage of one block runs on a second thread while the
 * positions stage fills the next, in order. The page's last position and its level live in two tables here, one per
 * stage, where the one-thread analyzer keeps them side by side: a second cache miss per run, which the second core
 * must win back.
 */
final class StagedLruStackDistance implements PagingSimulator, FaultsOnGrid {

    private static final int INITIAL_PAGES = 1024;
    /** Small to start with: a shallow tree is a fast one; it grows with the number of pages. */
    private static final int DEFAULT_CAPACITY = 1 << 10;
    private static final int NEVER = 0;
    /** Runs handed from the positions stage to the deaths stage at a time. */
    private static final int DEFAULT_BLOCK = 1 << 13;
    /** Runs whose tables are loaded ahead at once. */
    private static final int AHEAD = 64;

    // the positions stage

    /** Logical time of each page's last reference, its mark's position; {@link #NEVER} before the first. */
    private int[] lastAt = new int[INITIAL_PAGES];
    /** Keeps the loads ahead from being optimized away. */
    private int loaded;
    /**
     * The positions: taken by the positions stage, their deaths counted by the deaths stage, renumbered only once
     * both stages are up to date.
     */
    private final StackClock clock;

    // the deaths stage

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

    /** With {@code threads} 2, the deaths stage runs beside the positions stage. */
    StagedLruStackDistance(int threads) {
        this(DEFAULT_CAPACITY, threads, DEFAULT_BLOCK);
    }

    /** With a small {@code capacity} and {@code block}, tests make renumberings and hand-overs happen often. */
    StagedLruStackDistance(int capacity, int threads, int block) {
        if (threads < 1 || threads > 2) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: 1 or 2)");
        }
        if (block < 2) {
            throw new IllegalArgumentException("block: " + block + " (expected: >= 2)");
        }
        this.clock = new StackClock(capacity, (page, position) -> lastAt[page] = position);
        this.filling = new Block(block);
        this.spare = threads == 2 ? new Block(block) : null;
        // no thread kept while idle, so an analyzer dropped unfinished leaves none behind
        this.second = threads == 2 ? new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "heaplab-lru-deaths");
                    thread.setDaemon(true);
                    return thread;
                }) : null;
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
        if (clock.full()) {
            drain(); // a renumbering rewrites positions the deaths stage has yet to count
        }
        int now = clock.take(page);
        filling.add(page, lastAt[page], now, run);
        lastAt[page] = now;
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
                    curve.reReference(block.page[i], clock.distance(last, now), block.run[i]);
                    clock.kill(last);
                }
            }
        }
    }

    /**
     * Loads the dead bits and the curve's page entries the next runs will read, in a loop without branches on
     * them, so that on a trace larger than the cache their misses overlap instead of stalling one at a time.
     */
    private void loadAhead(Block block, int from, int to) {
        StackClock positions = clock;
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
        return clock.depth(lastAt[page]);
    }

    private int[] grow(int page) {
        return lastAt = Arrays.copyOf(lastAt, PageTables.grownLength(lastAt.length, page));
    }

    /** Checks that one position per page is alive and that every run was counted once. */
    @Override
    public void finish() {
        drain();
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
        drain();
        return curve.faultsOnGrid();
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
