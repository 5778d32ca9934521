package io.heaplab.studies.kit;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.Reproduction;
import java.util.List;

/**
 * A reproduction made of independent runs of workloads: its size and its check come from its {@link #specs()}, and
 * it runs them as a {@link RunBatch}, whose failure policy every such study shares, before tabulating.
 */
public abstract class BatchReproduction implements Reproduction {

    /** Every run it makes, in the order its tables read them back. */
    public abstract List<RunSpec> specs();

    /** Runs at a time. */
    protected abstract int threads();

    /** What the runs measured, tabulated and with the paper's claims judged. */
    protected abstract Outcome outcome(RunBatch batch);

    @Override
    public int size() {
        return specs().size();
    }

    @Override
    public void check(Plugins plugins) {
        Runner runner = new Runner(plugins);
        specs().forEach(runner::check);
    }

    @Override
    public Outcome run(Plugins plugins, Runnable afterEachRun) {
        return outcome(RunBatch.run(new Runner(plugins), specs(), threads(), afterEachRun));
    }
}
