package io.heaplab.traces;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceSink;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.BitSet;

/**
 * What a reference stream holds, counted in one pass with memory that follows its distinct pages: references,
 * reference runs, distinct pages, the share of runs that write, and the footprint (distinct pages so far) over
 * virtual time, sampled at up to {@link #SAMPLES} evenly spaced points.
 */
public final class TraceInfo implements ReferenceSink {

    /** The most footprint samples kept; when the stream outgrows them, every other one is dropped. */
    public static final int SAMPLES = 256;

    private final BitSet touched = new BitSet();
    private long references;
    private long runs;
    private long writeRuns;
    private long writeReferences;
    private int distinct;
    private long measuredFrom;
    private long step = 1;
    private long nextSample;
    private final LongArrayList sampleTimes = new LongArrayList();
    private final LongArrayList sampleFootprints = new LongArrayList();

    @Override
    public void accept(long[] batch, int length) {
        for (int i = 0; i < length; i++) {
            long run = batch[i];
            int page = PageRun.page(run);
            int count = PageRun.count(run);
            if (!touched.get(page)) {
                touched.set(page);
                distinct++;
            }
            runs++;
            if (PageRun.isWrite(run)) {
                writeRuns++;
                writeReferences += count;
            }
            references += count;
            if (references >= nextSample) {
                sample();
            }
        }
    }

    /** Takes a sample, halving the samples (and doubling the step) when they are full. */
    private void sample() {
        if (sampleTimes.size() == SAMPLES) {
            LongArrayList times = new LongArrayList();
            LongArrayList footprints = new LongArrayList();
            for (int i = 1; i < SAMPLES; i += 2) {
                times.add(sampleTimes.getLong(i));
                footprints.add(sampleFootprints.getLong(i));
            }
            sampleTimes.clear();
            sampleTimes.addAll(times);
            sampleFootprints.clear();
            sampleFootprints.addAll(footprints);
            step *= 2;
        }
        sampleTimes.add(references);
        sampleFootprints.add(distinct);
        nextSample = references - references % step + step;
    }

    @Override
    public void startMeasuring() {
        measuredFrom = references;
    }

    @Override
    public void finish() {
        if (sampleTimes.isEmpty() || sampleTimes.getLong(sampleTimes.size() - 1) != references) {
            sampleTimes.add(references);
            sampleFootprints.add(distinct);
        }
    }

    public long references() {
        return references;
    }

    /** Runs of consecutive references to one page, as heaplab's traces store them. */
    public long runs() {
        return runs;
    }

    public int distinctPages() {
        return distinct;
    }

    /** The virtual time at which the measured phase began: 0 when all of the stream is measured. */
    public long measuredFrom() {
        return measuredFrom;
    }

    /** Runs in which the page was written, at least once. */
    public long writeRuns() {
        return writeRuns;
    }

    /** References in runs that write: an upper bound on the writes, as a run records only that it wrote. */
    public long writeReferences() {
        return writeReferences;
    }

    /** The virtual times of the footprint samples, the last at the end of the stream. */
    public long[] sampleTimes() {
        return sampleTimes.toLongArray();
    }

    /** The distinct pages referenced by each sample's time. */
    public long[] sampleFootprints() {
        return sampleFootprints.toLongArray();
    }
}
