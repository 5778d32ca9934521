package io.heaplab.traces;

import io.heaplab.core.trace.ReferenceSink;
import java.io.Closeable;
import java.io.IOException;

/**
 * A {@link ReferenceSink} that writes the runs it is given to a trace file, atomically: the file appears at its
 * target, complete, only on {@link #commit()}. An I/O failure while accepting runs surfaces as an
 * {@link java.io.UncheckedIOException}, since a sink cannot throw checked exceptions.
 */
public interface TraceWriter extends ReferenceSink, Closeable {

    /**
     * Completes the file and moves it into place atomically: it was written to a temporary file in the target's
     * directory and is now moved over the target (replacing any file there). Before commit nothing is visible at
     * the target; {@link #close()} without commit deletes the temporary file. {@link #finish()} does not commit,
     * so a run that fails after its last batch leaves no half-trusted trace behind.
     */
    void commit() throws IOException;

    /** References written so far: the runs' counts summed. */
    long references();
}
