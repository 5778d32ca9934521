package io.heaplab.sweep;

/**
 * An engine {@code heaplab sweep --engine NAME} can run a sweep on, found through {@link java.util.ServiceLoader}:
 * {@code local} is built in; {@code spark} comes with heaplab's Spark job jar.
 */
public interface SweepEngineProvider {

    /** The name {@code --engine} gives. */
    String name();

    /** An engine for a sweep run as {@code settings} say. */
    SweepEngine create(EngineSettings settings);

    /**
     * How the command asked the engine to run.
     *
     * @param master  where a cluster engine submits to ({@code local[4]}, {@code spark://host:7077}), or null for
     *                its own default
     * @param threads points at a time on this machine, for the local engine
     */
    record EngineSettings(String master, int threads) {
    }
}
