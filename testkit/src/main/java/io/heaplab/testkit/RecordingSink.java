package io.heaplab.testkit;

import io.heaplab.core.trace.ReferenceSink;
import it.unimi.dsi.fastutil.longs.LongArrayList;

/** Keeps every run a recorder delivers, and where the measured phase began, for comparing two runs. */
final class RecordingSink implements ReferenceSink {

    private final LongArrayList runs = new LongArrayList();
    private final LongArrayList markers = new LongArrayList();

    @Override
    public void accept(long[] batch, int length) {
        for (int i = 0; i < length; i++) {
            runs.add(batch[i]);
        }
    }

    @Override
    public void startMeasuring() {
        markers.add(runs.size());
    }

    long[] runs() {
        return runs.toLongArray();
    }

    long[] markers() {
        return markers.toLongArray();
    }
}
