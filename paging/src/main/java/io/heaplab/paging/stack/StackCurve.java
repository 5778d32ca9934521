package io.heaplab.paging.stack;

import io.heaplab.core.spi.CurveGrid;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * The whole curve of a stack algorithm from stack distances (Mattson, Gecsei, Slutz &amp; Traiger 1970): faults,
 * write-backs and mean resident pages at every frame count, fed one reference at a time by an analyzer that
 * knows each page's depth in its stack (LRU, OPT).
 *
 * <p><b>Faults.</b> With {@code f} frames a stack algorithm holds exactly the top {@code f} pages of its stack, so a
 * reference at stack distance {@code d} faults in every memory smaller than {@code d}: a histogram of distances
 * gives the fault curve.
 *
 * <p><b>Write-backs.</b> An unreferenced page only sinks in the stack, so once a memory of {@code f} frames has
 * evicted it, every smaller memory has too; a write dirties it in every memory at once (it is on top). Hence the
 * memory sizes that hold a page dirty, or have evicted it dirty since its last reference, are always those from a
 * level {@code D} up ({@code D} = 1 after a write; no level when it is clean everywhere). When it is referenced
 * again from depth {@code d}, the sizes {@code [D, d-1]} have evicted it dirty in between: one write-back each,
 * added to a difference array over sizes in O(1). The reference loads it clean into those sizes, so a read leaves
 * {@code D = max(D, d)}. A page still at depth {@code p} when the outcome is read was already evicted dirty from
 * {@code [D, p-1]} and is counted then; what is still dirty in memory is not.
 *
 * <p><b>Mean resident pages.</b> A demand-paging memory of {@code f} frames holds {@code min(f, n)} pages once
 * {@code n} distinct pages have been referenced, so the virtual time at which each new page first appeared is all
 * the mean needs: O(distinct pages), whatever the length of the run.
 *
 * <p><b>Measured phase.</b> {@link #startMeasuring} forgets the counts but keeps the pages' levels, raising each to
 * the page's current depth: the write-backs below it happened in the warm-up.
 *
 * <p>Per reference: a few array operations, no allocation. Memory: O(distinct pages + largest page).
 */
public final class StackCurve {

    /** The level of a page dirty in no memory size, infinity; 0 so that a grown page table needs no fill. */
    private static final int CLEAN = 0;
    private static final int INITIAL_PAGES = 1024;
    private static final int INITIAL_DISTINCT = 64;
    private static final int PENDING = 1 << 12;
    private static final int LANES = 4;

    /** Per page: the smallest memory size that holds it dirty or evicted it dirty since, or {@link #CLEAN}. */
    private int[] dirtyFrom = new int[INITIAL_PAGES];
    /** Element d: measured re-references at stack distance d, less those still {@link #pending}. */
    private long[] atDistance = new long[INITIAL_DISTINCT];
    /**
     * Distances not yet added to {@link #atDistance}. On a trace of a million pages the histogram is megabytes wide
     * and each increment a likely cache miss; taken in a tight loop of their own, the misses overlap, where between
     * two analyzer steps each one stalled the stack's next step (about a third of the one-pass LRU's time).
     */
    private final int[] pending = new int[PENDING];
    private int pendingCount;
    /**
     * Write-back steps not yet added to {@link #writeBackSteps}, as pairs: a page's level and its raised level, one
     * write-back at every size from the one up to the other (none when they are equal). Batched as the distances
     * are, for the same reason.
     */
    private final int[] pendingSteps = new int[2 * PENDING];
    private int pendingStepEnds;
    /** Element f minus element f-1: measured write-backs with f frames, settled at the pages' references. */
    private long[] writeBackSteps = new long[INITIAL_DISTINCT];
    /**
     * Measured re-references by the {@link CurveGrid} bucket of their distance, once {@link #keepFaultsOnGrid()}: a
     * lane of buckets per {@link #LANES}-th distance of a batch, summed when read.
     */
    private long[] onGrid;
    /** Element n: the virtual time (references before it) at which the n-th distinct page was first referenced. */
    private long[] appearedAt = new long[INITIAL_DISTINCT];

    private int distinct;
    private long runs;
    private long time;
    /** Counts at the start of the measured phase. */
    private int distinctBefore;
    private long runsBefore;
    private long timeBefore;

    /** A page's first reference: it faults at every size, and its depth was infinite. */
    public void firstReference(int page, long run) {
        if (page < 0 || page >= dirtyFrom.length) {
            dirtyFrom = Arrays.copyOf(dirtyFrom, PageTables.grownLength(dirtyFrom.length, page));
        }
        dirtyFrom[page] = levelAfterFirst(run);
    }

    /**
     * A page's first reference, for an analyzer that keeps the pages' levels itself ({@link Levels}): the level
     * to keep for the page.
     */
    public int levelAfterFirst(long run) {
        distinct++;
        if (distinct >= appearedAt.length) {
            // distances and levels never exceed the distinct pages: one check here spares one per re-reference
            int length = 2 * appearedAt.length;
            appearedAt = Arrays.copyOf(appearedAt, length);
            atDistance = Arrays.copyOf(atDistance, length);
            writeBackSteps = Arrays.copyOf(writeBackSteps, length);
        }
        appearedAt[distinct] = time;
        runs++;
        time += PageRun.count(run);
        return PageRun.isWrite(run) ? 1 : CLEAN;
    }

    /**
     * Loads the entries of {@code pages[from..to)} that the next references will read, for an analyzer that knows
     * its next pages in advance, so their cache misses overlap; a sum of them, to be kept so the loads stay.
     */
    public int loadAhead(int[] pages, int from, int to) {
        int[] levels = dirtyFrom;
        int sum = 0;
        for (int i = from; i < to; i++) {
            sum += levels[Math.min(levels.length - 1, pages[i])];
        }
        return sum;
    }

    /** A re-reference of {@code page}, which was at depth {@code distance} (from 1) just before it. */
    public void reReference(int page, int distance, long run) {
        dirtyFrom[page] = levelAfter(dirtyFrom[page], distance, run);
    }

    /**
     * A re-reference of a page at level {@code level}, which was at depth {@code distance} (from 1) just before it,
     * for an analyzer that keeps the pages' levels itself: the page's level after it.
     */
    public int levelAfter(int level, int distance, long run) {
        runs++;
        time += PageRun.count(run);
        pending[pendingCount++] = distance;
        if (pendingCount == PENDING) {
            flush();
        }
        // A page never written has no level and nothing to settle. On a read-only trace the branch is never taken
        // and spares a store into the histogram-wide steps per reference; with writes it follows the page (once
        // written, a page keeps a level), so it mispredicts mostly on the first references of cold pages.
        if (level != CLEAN) {
            // Branch-free: whether a page sank below its level depends on the data, and a mispredicted branch here
            // cost the one-pass LRU a fifth of its speed. sank = 1 when level < distance, else 0.
            int sank = (level - distance) >>> 31;
            int raised = level + ((distance - level) & -sank);
            int[] steps = pendingSteps;
            steps[pendingStepEnds++] = level;
            steps[pendingStepEnds++] = raised;
            if (pendingStepEnds == steps.length) {
                flush();
            }
            level = raised;
        }
        // a write dirties it in every memory (level 1); a read leaves the level where the reference raised it
        int write = PageRun.isWrite(run) ? 1 : 0;
        return level + ((1 - level) & -write);
    }

    /**
     * Forgets the counts, keeping the state; {@code depthOf} gives the current depth of every page referenced so
     * far, so the write-backs the warm-up already made are not counted again.
     */
    public void startMeasuring(IntUnaryOperator depthOf) {
        startMeasuring(ownLevels(), depthOf);
    }

    /** As {@link #startMeasuring(IntUnaryOperator)}, for an analyzer that keeps the pages' levels itself. */
    public void startMeasuring(Levels levels, IntUnaryOperator depthOf) {
        for (int page = 0; page < levels.pages(); page++) {
            int level = levels.level(page);
            if (level != CLEAN) {
                levels.level(page, Math.max(level, depthOf.applyAsInt(page)));
            }
        }
        pendingCount = 0;
        pendingStepEnds = 0;
        Arrays.fill(atDistance, 0);
        Arrays.fill(writeBackSteps, 0);
        if (onGrid != null) {
            Arrays.fill(onGrid, 0);
        }
        distinctBefore = distinct;
        runsBefore = runs;
        timeBefore = time;
    }

    /**
     * Starts counting the distances by grid bucket as well, a loop over each batch of them that the curve pays only
     * when asked; a stack algorithm's faults at a grid size are then the first references plus the distances in
     * the buckets above it.
     */
    public void keepFaultsOnGrid() {
        if (onGrid == null) {
            onGrid = new long[LANES * CurveGrid.POINTS];
        }
    }

    /**
     * The faults so far at each grid size up to the first that holds every page, where they fall to the first
     * references ({@link io.heaplab.core.spi.FaultsOnGrid}); {@link #keepFaultsOnGrid()} must have been called.
     */
    public long[] faultsOnGrid() {
        if (onGrid == null) {
            throw new IllegalStateException("faults on the grid not kept (expected: keepFaultsOnGrid() first)");
        }
        flush();
        long[] faults = new long[CurveGrid.index(Math.max(distinct, 1)) + 1];
        long deeper = distinct - distinctBefore;
        for (int i = faults.length - 1; i >= 0; i--) {
            faults[i] = deeper;
            for (int lane = 0; lane < LANES; lane++) {
                deeper += onGrid[lane * CurveGrid.POINTS + i];
            }
        }
        return faults;
    }

    /** Distinct pages referenced so far, warm-up included: the points of the curve. */
    public int distinct() {
        return distinct;
    }

    /** The curve so far; {@code depthOf} gives the current depth of every page referenced so far. */
    public PagingOutcome.Curve outcome(IntUnaryOperator depthOf) {
        return outcome(ownLevels(), depthOf);
    }

    /** As {@link #outcome(IntUnaryOperator)}, for an analyzer that keeps the pages' levels itself. */
    public PagingOutcome.Curve outcome(Levels levels, IntUnaryOperator depthOf) {
        return PagingOutcome.Curve.ofFrames(faults(), writeBacks(levels, depthOf), meanResident(), time - timeBefore);
    }

    /** The levels this curve keeps, for analyzers that leave them to it. */
    private Levels ownLevels() {
        return new Levels() {
            @Override
            public int pages() {
                return dirtyFrom.length;
            }

            @Override
            public int level(int page) {
                return dirtyFrom[page];
            }

            @Override
            public void level(int page, int level) {
                dirtyFrom[page] = level;
            }
        };
    }

    /** Adds the pending distances to the histogram, and the pending write-back steps to theirs. */
    private void flush() {
        long[] histogram = atDistance;
        int[] distances = pending;
        for (int i = 0; i < pendingCount; i++) {
            histogram[distances[i]]++;
        }
        long[] buckets = onGrid;
        if (buckets != null) {
            // a loop of its own, in the first-level cache: in the histogram's loop its stores, which might alias the
            // histogram's, held back the loads whose misses that loop overlaps (a fifth of the curve's speed). Each
            // of four neighbours counts into a lane of its own, since on a skewed trace most distances fall in a
            // few buckets, and one counter taking them all waits on its own last store every time.
            for (int i = 0; i < pendingCount; i++) {
                buckets[((i & (LANES - 1)) * CurveGrid.POINTS) + CurveGrid.indexOf(distances[i])]++;
            }
        }
        pendingCount = 0;
        long[] settled = writeBackSteps;
        int[] steps = pendingSteps;
        for (int i = 0; i < pendingStepEnds; i += 2) {
            settled[steps[i]]++;
            settled[steps[i + 1]]--;
        }
        pendingStepEnds = 0;
    }

    /** Element f-1: first references plus re-references deeper than f, in the measured phase. */
    private long[] faults() {
        flush();
        long[] faults = new long[distinct];
        long deeper = distinct - distinctBefore;
        for (int frames = distinct; frames >= 1; frames--) {
            faults[frames - 1] = deeper;
            deeper += atDistance[frames];
        }
        return faults;
    }

    /** Element f-1: the settled write-backs plus those of pages that sank below f since their last reference. */
    private long[] writeBacks(Levels levels, IntUnaryOperator depthOf) {
        flush();
        long[] steps = Arrays.copyOf(writeBackSteps, distinct + 1);
        for (int page = 0; page < levels.pages(); page++) {
            int level = levels.level(page);
            if (level != CLEAN) {
                int depth = depthOf.applyAsInt(page);
                if (level < depth) {
                    steps[level]++;
                    steps[depth]--;
                }
            }
        }
        long[] writeBacks = new long[distinct];
        long sum = 0;
        for (int frames = 1; frames <= distinct; frames++) {
            sum += steps[frames];
            writeBacks[frames - 1] = sum;
        }
        return writeBacks;
    }

    /**
     * Element f-1: {@code sum of min(f, n) over the measured references / their number}, where n counts the
     * distinct pages up to and including each one. The sums are exact in a long while references times frames
     * stay below 2^63.
     */
    private double[] meanResident() {
        long references = time - timeBefore;
        // tail[n]: measured references made once at least n pages had been seen (n = 1..distinct)
        long[] tail = new long[distinct + 1];
        long atLeast = 0;
        for (int n = distinct; n >= 1; n--) {
            long end = n == distinct ? time : appearedAt[n + 1];
            atLeast += Math.max(0, end - Math.max(appearedAt[n], timeBefore));
            tail[n] = atLeast;
        }
        // min(f, n) - min(f-1, n) is 1 exactly when n >= f: each frame adds the references made with n >= f
        double[] mean = new double[distinct];
        long sum = 0;
        for (int frames = 1; frames <= distinct; frames++) {
            sum += tail[frames];
            mean[frames - 1] = references == 0 ? 0.0 : (double) sum / references;
        }
        return mean;
    }

    /** Checks that every measured run was counted once, and that the fault curve never rises. */
    public void verify() {
        flush();
        long counted = distinct - distinctBefore;
        for (long n : atDistance) {
            counted += n;
        }
        long[] faults = faults();
        if (counted != runs - runsBefore || (faults.length > 0 && faults[faults.length - 1] != distinct - distinctBefore)) {
            throw new IllegalStateException("curve " + Arrays.toString(faults) + " does not account for "
                    + (runs - runsBefore) + " runs to " + distinct + " pages");
        }
        for (int i = 1; i < faults.length; i++) {
            if (faults[i] > faults[i - 1]) {
                throw new IllegalStateException("curve rises at " + (i + 1) + " frames: " + Arrays.toString(faults));
            }
        }
    }

    /**
     * Each page's level, kept by an analyzer beside its own state for the page so that one cache line serves both
     * (a level is 0 for a page dirty in no memory, and for a page never referenced).
     */
    public interface Levels {
        /** Pages 0..pages()-1 may have a level. */
        int pages();

        int level(int page);

        void level(int page, int level);
    }
}
