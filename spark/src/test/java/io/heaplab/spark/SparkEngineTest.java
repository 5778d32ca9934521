package io.heaplab.spark;

import io.heaplab.sweep.SweepEngine;
import io.heaplab.sweep.SweepEngineContract;

class SparkEngineTest extends SweepEngineContract {

    @Override
    protected SweepEngine engine() {
        return new SparkEngine("local[2]");
    }
}
