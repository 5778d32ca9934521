package io.heaplab.core.trace;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Turns single page references into batches of runs and hands each full batch to its one sink.
 *
 * <p>Consecutive references to one page collapse into one run whose count says how many there were; virtual
 * time (the number of references, as in the papers) still advances by that count. Nothing is allocated per
 * reference: the current run lives in three fields and the batch in one reused {@code long[]}. Several sinks are
 * composed into one by the caller, in order ({@link FanOut}) or side by side ({@link ParallelFanOut}): one call a
 * batch here, whatever their number.
 */
public final class ReferenceRecorder {

    /** Runs per batch: big enough to amortize the fan-out, small enough to stay in cache. */
    public static final int BATCH = 4096;
    /** No open run: as a page, -1, which no reference has, and a count no run reaches. */
    private static final long NO_RUN = -1;

    private final ReferenceSink sink;
    private final long[] batch;
    private int filled;

    /**
     * The open run: its page in the high word and its count in the low one, so that a reference to the same page
     * with room left in the run is one subtraction and one unsigned compare ({@link #reference}).
     */
    private long run = NO_RUN;
    private boolean runWrite;
    /** References in the runs already ended; the open run's count adds to it. */
    private long references;
    /** A bit for each page referenced so far, or null when not counted. */
    private long[] touched;
    private int distinctPages;
    private int distinctBeforeMeasuring;

    // the program's phase (diagnostics): the phase each run began in, kept beside the batch and handed over with it
    // only when tracked
    private int phase;
    private int runPhase;
    private int[] phases;

    /** A recorder that hands every batch to {@code sink}. */
    public ReferenceRecorder(ReferenceSink sink) {
        this(sink, BATCH);
    }

    /**
     * A recorder that hands every batch to {@code sinks} in order ({@link FanOut#of}): what a test's heap or a plugin
     * author's needs, often with no sink at all.
     */
    public ReferenceRecorder(List<? extends ReferenceSink> sinks) {
        this(FanOut.of(sinks));
    }

    ReferenceRecorder(ReferenceSink sink, int batchSize) {
        this(sink, batchSize, true);
    }

    private ReferenceRecorder(ReferenceSink sink, int batchSize, boolean countsPages) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.batch = new long[batchSize];
        this.touched = countsPages ? new long[64] : null;
    }

    /**
     * A recorder that merges and batches references for {@code sink} without counting distinct pages ({@link
     * #distinctPages()} stays 0): what a trace reader needs, whose page numbers may be sparse, so a bitmap of
     * them could take as much memory as the largest page number.
     */
    public static ReferenceRecorder merging(ReferenceSink sink) {
        return new ReferenceRecorder(sink, BATCH, false);
    }

    /** Records one reference to {@code page}; {@code write} when it changes the page. */
    public void reference(int page, boolean write) {
        // run - (page << 32) is the open run's count when the pages agree, and negative or past 2^32 when not
        if (Long.compareUnsigned(run - ((long) page << 32), PageRun.MAX_COUNT) < 0) {
            run++;
            runWrite |= write;
            return;
        }
        startRun(page, write);
    }

    private void startRun(int page, boolean write) {
        endRun();
        run = (long) page << 32 | 1;
        runWrite = write;
        runPhase = phase;
    }

    /**
     * Records a whole packed {@link PageRun} as it is, neither merged with the run before nor split: a trace file
     * replays the runs it was written with. Virtual time advances by the run's count.
     */
    public void run(long run) {
        endRun();
        references += PageRun.count(run);
        markTouched(PageRun.page(run));
        if (phases != null) {
            phases[filled] = phase;
        }
        batch[filled++] = run;
        if (filled == batch.length) {
            deliver();
        }
    }

    /** Delivers everything recorded so far, the open run included, and tells the sink it is finished. */
    public void finish() {
        flush();
        sink.finish();
    }

    /** Delivers everything recorded so far, the open run included; recording may go on afterwards. */
    public void flush() {
        endRun();
        deliver();
    }

    /**
     * Delivers everything recorded so far and tells the sink that the measured phase begins here; returns the
     * virtual time at which it does.
     */
    public long startMeasuring() {
        flush();
        sink.startMeasuring();
        distinctBeforeMeasuring = distinctPages;
        return references;
    }

    /**
     * Keeps, from now on, the program phase each run began in beside the batch, and hands both to the sink ({@link
     * ReferenceSink#accept(long[], int[], int)}); the runs themselves are cut exactly as without it, so no policy
     * sees a different stream.
     */
    public void trackPhases() {
        if (phases == null) {
            phases = new int[batch.length];
        }
    }

    /** The program enters phase {@code phase}: the runs that begin from here on belong to it. */
    public void enterPhase(int phase) {
        this.phase = phase;
    }

    /**
     * Pages referenced for the first time in the measured phase: each faults under every demand-paging policy,
     * whatever the memory, so they can be left out of the fault counts.
     */
    public int firstTouches() {
        return distinctPages - distinctBeforeMeasuring;
    }

    /** Virtual time: every reference recorded, repeats included. */
    public long references() {
        return run == NO_RUN ? references : references + (int) run;
    }

    /** How many different pages were referenced: the virtual size in Brent's tables. */
    public int distinctPages() {
        return distinctPages;
    }

    private void endRun() {
        if (run == NO_RUN) {
            return;
        }
        int page = (int) (run >>> 32);
        int count = (int) run;
        run = NO_RUN;
        references += count;
        markTouched(page);
        if (phases != null) {
            phases[filled] = runPhase;
        }
        batch[filled++] = PageRun.pack(page, count, runWrite);
        if (filled == batch.length) {
            deliver();
        }
    }

    /** Marks {@code page} referenced, a bit per page in a plain bitmap that grows as pages come: once a run. */
    private void markTouched(int page) {
        if (touched == null) {
            return;
        }
        int word = page >>> 6;
        if (word >= touched.length) {
            if (page < 0) {
                throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
            }
            touched = Arrays.copyOf(touched, Math.max(word + 1, 2 * touched.length));
        }
        long bit = 1L << page;
        if ((touched[word] & bit) == 0) {
            touched[word] |= bit;
            distinctPages++;
        }
    }

    private void deliver() {
        if (filled == 0) {
            return;
        }
        if (phases == null) {
            sink.accept(batch, filled);
        } else {
            sink.accept(batch, phases, filled);
        }
        filled = 0;
    }
}
