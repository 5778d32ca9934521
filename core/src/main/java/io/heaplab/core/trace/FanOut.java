package io.heaplab.core.trace;

import java.util.List;

/** Hands every batch, phases and all, the start of the measured phase and the end to several sinks in order. */
public final class FanOut implements ReferenceSink {

    private final ReferenceSink[] sinks;

    public FanOut(List<? extends ReferenceSink> sinks) {
        this.sinks = sinks.toArray(new ReferenceSink[0]);
    }

    /** The sink that hands every batch to {@code sinks}: the one sink itself when there is one, no loop between. */
    public static ReferenceSink of(List<? extends ReferenceSink> sinks) {
        return sinks.size() == 1 ? sinks.get(0) : new FanOut(sinks);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (ReferenceSink sink : sinks) {
            sink.accept(runs, length);
        }
    }

    @Override
    public void accept(long[] runs, int[] phases, int length) {
        for (ReferenceSink sink : sinks) {
            sink.accept(runs, phases, length);
        }
    }

    @Override
    public void startMeasuring() {
        for (ReferenceSink sink : sinks) {
            sink.startMeasuring();
        }
    }

    @Override
    public void finish() {
        for (ReferenceSink sink : sinks) {
            sink.finish();
        }
    }
}
