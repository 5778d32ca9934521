package io.heaplab.core.trace;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/** Keeps every run it is given, and how the batches came. */
final class RecordingSink implements ReferenceSink {

    final LongArrayList runs = new LongArrayList();
    int batches;
    boolean finished;
    /** How many runs had arrived when the measured phase began, or -1. */
    int measuredFrom = -1;

    @Override
    public void startMeasuring() {
        measuredFrom = runs.size();
    }

    @Override
    public void accept(long[] batch, int length) {
        runs.addElements(runs.size(), batch, 0, length);
        batches++;
    }

    @Override
    public void finish() {
        finished = true;
    }
}
