package io.heaplab.traces;

import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ReferenceSink;
import java.io.Closeable;
import java.io.IOException;

/** Replays a trace file into a {@link ReferenceSink}, the way a live run's recorder would feed it. */
public interface TraceReader extends Closeable {

    /** The format this reader reads. */
    TraceFormatSpec format();

    /** Bytes per page the trace's pages were cut with; 0 when the trace does not say (a text trace without header). */
    int pageSize();

    /**
     * Streams every run into {@code sink} in batches of at most {@link io.heaplab.core.trace.ReferenceRecorder#BATCH}
     * runs through one reused {@code long[]}, calling {@link ReferenceSink#startMeasuring()} where the trace marks
     * the measured phase; does not call {@link ReferenceSink#finish()}, so several traces may feed one sink.
     * A reader replays once.
     *
     * @return the number of references replayed: the runs' counts summed
     * @throws TraceFormatException when the file is malformed; runs before the fault may have been delivered
     */
    long replay(ReferenceSink sink) throws IOException;

    /**
     * Replays as {@link #replay} does with the pages renumbered 0, 1, 2, ... in order of first reference, so what
     * the sink keeps per page follows the distinct pages, not the largest page number. A reader of object ids
     * renumbers them as it reads, so by default this is {@link #replay}; readers of page numbers renumber here.
     *
     * @throws TraceFormatException also when the trace has more distinct pages than can be renumbered
     */
    default long replayDense(ReferenceSink sink) throws IOException {
        return replay(sink);
    }

    /**
     * Asks the reader to record each object's size into {@code sizes} as it replays, before the batch that holds
     * the object's first request is handed on; answers whether the trace carries sizes (by default it does not).
     * Call before replaying.
     */
    default boolean recordSizes(ObjectSizes sizes) {
        return false;
    }
}
