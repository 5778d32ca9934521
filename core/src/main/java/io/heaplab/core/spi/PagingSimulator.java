package io.heaplab.core.spi;

import io.heaplab.core.trace.ReferenceSink;

/** A replacement policy simulated over the reference stream of one run. */
public interface PagingSimulator extends ReferenceSink {

    /** The faults (and any further measures) so far; complete once {@link #finish()} has been called. */
    PagingOutcome outcome();

    /**
     * The faults counted so far in the measured phase, cheaply, for charging them to the program's phases as the
     * run goes; -1 (the default) for a policy that knows its faults only at the end, such as a curve or a policy
     * that looks ahead.
     */
    default long faultsSoFar() {
        return -1;
    }

    /**
     * Starts the measured phase: forgets every count so far but keeps the memory's state, so faults are counted
     * from here on in a warm memory (Brent counts PQSIM's faults only after simulated second 1000).
     */
    @Override
    void startMeasuring();
}
