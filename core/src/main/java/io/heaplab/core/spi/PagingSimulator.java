package io.heaplab.core.spi;

import io.heaplab.core.trace.ReferenceSink;

/** A replacement policy simulated over the reference stream of one run. */
public interface PagingSimulator extends ReferenceSink {

    /** The faults (and any further measures) so far; complete once {@link #finish()} has been called. */
    PagingOutcome outcome();
}
