package io.heaplab.core.trace;

/**
 * Receives page references in batches of packed {@link PageRun}s. Virtual time advances by each run's count.
 *
 * <p>A sink must not keep the arrays: the recorder reuses them for the next batch.
 */
public interface ReferenceSink {

    /** Takes the runs {@code runs[0 .. length)} in the order they happened. */
    void accept(long[] runs, int length);

    /**
     * Takes the runs {@code runs[0 .. length)} with the program phase each began in, {@code phases[i]} for {@code
     * runs[i]}: called instead of {@link #accept(long[], int)} when the recorder tags runs with phases (a run with
     * diagnostics). A sink that passes batches on passes the phases too; one that charges something to phases
     * overrides this; any other takes the runs alone, as it would untagged, which is the default.
     */
    default void accept(long[] runs, int[] phases, int length) {
        accept(runs, length);
    }

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
