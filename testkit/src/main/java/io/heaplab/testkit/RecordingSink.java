package io.heaplab.testkit;

import io.heaplab.core.trace.ReferenceSink;

/** Keeps every run a recorder delivers, and where the measured phase began, for comparing two runs. */
final class RecordingSink implements ReferenceSink {

    private final LongLog runs = new LongLog();
    private final LongLog markers = new LongLog();

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
        return runs.toArray();
    }

    long[] markers() {
        return markers.toArray();
    }
}
