package io.heaplab.core.trace;

/**
 * Receives page references in batches of packed {@link PageRun}s. Virtual time advances by each run's count.
 *
 * <p>A sink must not keep the array: the recorder reuses it for the next batch.
 */
public interface ReferenceSink {

    /** Takes the runs {@code runs[0 .. length)} in the order they happened. */
    void accept(long[] runs, int length);

    /**
     * Called between batches when the run's measured phase begins: what came before was warm-up. A sink that
     * counts something forgets its counts but keeps its state.
     */
    default void startMeasuring() {
    }

    /** Called once after the last batch; a sink checks its heavy invariants here. */
    default void finish() {
    }
}
