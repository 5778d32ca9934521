package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Keeps every run a reader replays and where the measured phase began, and checks the batching contract on the
 * way: one reused array of {@link ReferenceRecorder#BATCH} runs, never an empty batch, never {@code finish()}.
 */
public final class RecordingSink implements ReferenceSink {

    private long[] runs = new long[64];
    private int size;
    private final List<Integer> markers = new ArrayList<>();
    private long[] batchArray;

    @Override
    public void accept(long[] batch, int length) {
        assertThat(batch).hasSize(ReferenceRecorder.BATCH);
        assertThat(length).isBetween(1, ReferenceRecorder.BATCH);
        if (batchArray != null) {
            assertThat(batch).as("the reader reuses one batch array").isSameAs(batchArray);
        }
        batchArray = batch;
        if (size + length > runs.length) {
            runs = Arrays.copyOf(runs, Math.max(size + length, runs.length * 2));
        }
        System.arraycopy(batch, 0, runs, size, length);
        size += length;
        Arrays.fill(batch, 0, length, -1L);  // a reader that kept the array would now see garbage
    }

    @Override
    public void startMeasuring() {
        markers.add(size);
    }

    @Override
    public void finish() {
        throw new AssertionError("a reader must not call finish()");
    }

    public long[] runs() {
        return Arrays.copyOf(runs, size);
    }

    /** How many runs came before each startMeasuring(). */
    public List<Integer> markers() {
        return markers;
    }

    public long references() {
        long sum = 0;
        for (int i = 0; i < size; i++) {
            sum += PageRun.count(runs[i]);
        }
        return sum;
    }
}
