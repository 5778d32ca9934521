package io.heaplab.studies.kit;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.studies.Reproduction;
import java.util.List;

/** A reproduction made of independent runs of workloads: its size and its check come from its {@link #specs()}. */
public abstract class SweepReproduction implements Reproduction {

    /** Every run it makes, in the order its tables read them back. */
    public abstract List<RunSpec> specs();

    @Override
    public int size() {
        return specs().size();
    }

    @Override
    public void check(Plugins plugins) {
        Runner runner = new Runner(plugins);
        specs().forEach(runner::check);
    }
}
