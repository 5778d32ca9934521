package io.heaplab.core.spi;

import io.heaplab.core.trace.ReferenceSink;

/** A replacement policy simulated over the reference stream of one run. */
public interface PagingSimulator extends ReferenceSink {

    /** The faults (and any further measures) so far; complete once {@link #finish()} has been called. */
    PagingOutcome outcome();

    /**
     * Starts the measured phase: forgets every count so far but keeps the memory's state, so faults are counted
     * from here on in a warm memory (Brent counts PQSIM's faults only after simulated second 1000).
     */
    @Override
    void startMeasuring();
}
