package io.heaplab.sweep;

class LocalEngineTest extends SweepEngineContract {

    @Override
    protected SweepEngine engine() {
        return new LocalEngine(3);
    }
}
