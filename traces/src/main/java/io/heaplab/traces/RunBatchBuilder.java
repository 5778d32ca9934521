package io.heaplab.traces;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;

/**
 * Fills one reused {@code long[ReferenceRecorder.BATCH]} with runs and hands each full batch to a sink, as the
 * recorder does, for every reader. Binary traces hold runs and {@link #add} them as they are; text and lackey
 * traces hold single references, which {@link #reference} merges like the recorder: consecutive references to one
 * page become one run whose write bit is the OR of theirs, split only at {@link PageRun#MAX_COUNT}.
 */
final class RunBatchBuilder {

    private final ReferenceSink sink;
    private final long[] batch = new long[ReferenceRecorder.BATCH];
    private int filled;
    private long references;

    private int runPage = -1;
    private int runCount;
    private boolean runWrite;

    RunBatchBuilder(ReferenceSink sink) {
        this.sink = sink;
    }

    /** Adds a whole run as it is (callers that use this do not use {@link #reference}). */
    void add(long run) {
        references += PageRun.count(run);
        batch[filled++] = run;
        if (filled == batch.length) {
            deliver();
        }
    }

    /** Adds one reference, merging it into the open run when it is to the same page. */
    void reference(int page, boolean write) {
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

    /** Delivers what came before and tells the sink the measured phase begins; like the recorder, ends the run. */
    void startMeasuring() {
        flush();
        sink.startMeasuring();
    }

    /** Delivers everything, the open run included; returns the references added. */
    long finish() {
        flush();
        return references;
    }

    long references() {
        return references;
    }

    private void flush() {
        endRun();
        runPage = -1;
        deliver();
    }

    private void endRun() {
        if (runCount == 0) {
            return;
        }
        batch[filled++] = PageRun.pack(runPage, runCount, runWrite);
        runCount = 0;
        if (filled == batch.length) {
            deliver();
        }
    }

    private void deliver() {
        if (filled > 0) {
            sink.accept(batch, filled);
            filled = 0;
        }
    }
}
