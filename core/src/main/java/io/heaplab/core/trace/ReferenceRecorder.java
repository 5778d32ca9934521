package io.heaplab.core.trace;

import java.util.BitSet;
import java.util.List;

/**
 * Turns single page references into batches of runs and hands each full batch to every sink.
 *
 * <p>Consecutive references to one page collapse into one run whose count says how many there were; virtual
 * time (the number of references, as in the papers) still advances by that count. Nothing is allocated per
 * reference: the current run lives in three fields and the batch in one reused {@code long[]}.
 */
public final class ReferenceRecorder {

    /** Runs per batch: big enough to amortize the fan-out, small enough to stay in cache. */
    public static final int BATCH = 4096;

    private final ReferenceSink[] sinks;
    private final long[] batch;
    private int filled;

    private int runPage = -1;
    private int runCount;
    private boolean runWrite;

    private long references;
    private final BitSet touched = new BitSet();
    private int distinctPages;

    public ReferenceRecorder(List<? extends ReferenceSink> sinks) {
        this(sinks, BATCH);
    }

    ReferenceRecorder(List<? extends ReferenceSink> sinks, int batchSize) {
        this.sinks = sinks.toArray(new ReferenceSink[0]);
        this.batch = new long[batchSize];
    }

    /** Records one reference to {@code page}; {@code write} when it changes the page. */
    public void reference(int page, boolean write) {
        references++;
        if (page == runPage && runCount < PageRun.MAX_COUNT) {
            runCount++;
            runWrite |= write;
            return;
        }
        endRun();
        runPage = page;
        runCount = 1;
        runWrite = write;
    }

    /**
     * Records a whole packed {@link PageRun} as it is, neither merged with the run before nor split: a trace file
     * replays the runs it was written with. Virtual time advances by the run's count.
     */
    public void run(long run) {
        endRun();
        runPage = -1;
        references += PageRun.count(run);
        markTouched(PageRun.page(run));
        batch[filled++] = run;
        if (filled == batch.length) {
            deliver();
        }
    }

    /** Delivers everything recorded so far, the open run included, and tells each sink it is finished. */
    public void finish() {
        flush();
        for (ReferenceSink sink : sinks) {
            sink.finish();
        }
    }

    /** Delivers everything recorded so far, the open run included; recording may go on afterwards. */
    public void flush() {
        endRun();
        runPage = -1;
        deliver();
    }

    /**
     * Delivers everything recorded so far and tells each sink that the measured phase begins here; returns the
     * virtual time at which it does.
     */
    public long startMeasuring() {
        flush();
        for (ReferenceSink sink : sinks) {
            sink.startMeasuring();
        }
        return references;
    }

    /** Virtual time: every reference recorded, repeats included. */
    public long references() {
        return references;
    }

    /** How many different pages were referenced: the virtual size in Brent's tables. */
    public int distinctPages() {
        return distinctPages;
    }

    private void endRun() {
        if (runCount == 0) {
            return;
        }
        markTouched(runPage);
        batch[filled++] = PageRun.pack(runPage, runCount, runWrite);
        runCount = 0;
        if (filled == batch.length) {
            deliver();
        }
    }

    private void markTouched(int page) {
        if (!touched.get(page)) {
            touched.set(page);
            distinctPages++;
        }
    }

    private void deliver() {
        if (filled == 0) {
            return;
        }
        for (ReferenceSink sink : sinks) {
            sink.accept(batch, filled);
        }
        filled = 0;
    }
}
