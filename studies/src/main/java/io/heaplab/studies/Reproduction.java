package io.heaplab.studies;

import io.heaplab.core.plugins.Plugins;

/**
 * A study prepared to run: how many runs it makes (runs of a workload, or simulations of a whole system), a check of
 * every one against the plugins before the first starts, and the run itself.
 */
public interface Reproduction {

    /** The runs it makes, for a progress bar. */
    int size();

    /** Checks every run against {@code plugins} without running anything, so a typo costs no time. */
    void check(Plugins plugins);

    /** Runs everything with {@code plugins}, calling {@code afterEachRun} as each run ends, from any thread. */
    Outcome run(Plugins plugins, Runnable afterEachRun);
}
