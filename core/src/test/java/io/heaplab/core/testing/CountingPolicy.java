package io.heaplab.core.testing;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;

/**
 * A policy for tests that counts its faults as it goes, a run at a time: a subclass says whether a reference to a
 * page faults, and keeps its own memory. Shared with other modules' tests through core's test jar.
 */
public abstract class CountingPolicy implements PagingSimulator {

    private long faults;

    /** Whether a reference to {@code page} faults; the policy's memory is updated as the reference leaves it. */
    protected abstract boolean faults(int page);

    @Override
    public final void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            if (faults(PageRun.page(runs[i]))) {
                faults++;
            }
        }
    }

    @Override
    public void startMeasuring() {
        faults = 0;
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return new PagingOutcome.Faults(faults);
    }
}
