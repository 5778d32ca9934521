package io.heaplab.core.trace;

import java.util.function.LongConsumer;

/**
 * A sink that passes every batch on to another and tells a listener how many references have passed so far, this
 * batch's included (it is counted as it is handed on): how a command's progress bar follows a replay whose length
 * it cannot know ahead (a text trace, a compressed one). The count costs one add per run of a batch, on the thread
 * that feeds the batches; the listener is told once per batch, so it may be slow.
 */
public final class CountingSink implements ReferenceSink {

    private final ReferenceSink next;
    private final LongConsumer listener;
    private long references;

    private CountingSink(ReferenceSink next, LongConsumer listener) {
        this.next = next;
        this.listener = listener;
    }

    /** {@code next}, its references counted for {@code listener} after every batch. */
    public static ReferenceSink around(ReferenceSink next, LongConsumer listener) {
        return new CountingSink(next, listener);
    }

    @Override
    public void accept(long[] runs, int length) {
        counted(runs, length);
        next.accept(runs, length);
    }

    @Override
    public void accept(long[] runs, int[] phases, int length) {
        counted(runs, length);
        next.accept(runs, phases, length);
    }

    private void counted(long[] runs, int length) {
        references += PageRun.references(runs, length);
        listener.accept(references);
    }

    @Override
    public void startMeasuring() {
        next.startMeasuring();
    }

    @Override
    public void finish() {
        next.finish();
    }
}
