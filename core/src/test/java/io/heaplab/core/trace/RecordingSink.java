package io.heaplab.core.trace;

import it.unimi.dsi.fastutil.longs.LongArrayList;

/** Keeps every run it is given, and how the batches came. */
final class RecordingSink implements ReferenceSink {

    final LongArrayList runs = new LongArrayList();
    int batches;
    boolean finished;

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
