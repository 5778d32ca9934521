package io.heaplab.spark;

import io.heaplab.sweep.SweepEngine;
import io.heaplab.sweep.SweepEngineProvider;

/** Finds the spark engine by the name {@code heaplab sweep --engine spark} gives. */
public final class SparkEngineProvider implements SweepEngineProvider {

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public SweepEngine create(EngineSettings settings) {
        return new SparkEngine(settings.master());
    }
}
