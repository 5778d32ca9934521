/**
 * Page-reference traces on disk: heaplab's own compact {@linkplain TraceFormat#BINARY binary} format, a
 * {@linkplain TraceFormat#TEXT text} format to read and write by hand, and the {@linkplain TraceFormat#LACKEY
 * lackey} output of valgrind, read into the same batches of packed {@link io.heaplab.core.trace.PageRun}s that
 * the {@link io.heaplab.core.trace.ReferenceRecorder} hands its sinks.
 *
 * <p>{@link io.heaplab.traces.TraceFiles} opens and creates them; a {@link io.heaplab.traces.TraceWriter} is a
 * {@link io.heaplab.core.trace.ReferenceSink}, so a run records its trace by adding one more sink, and a
 * {@link io.heaplab.traces.TraceReader} replays it into any sink. {@link io.heaplab.traces.TraceReplay} does the
 * whole of a replay in one call, through replacement policies named by their specs, into a {@link
 * io.heaplab.traces.ReplayResult}. Malformed input always fails with a
 * {@link io.heaplab.traces.TraceFormatException} that names the file, the line or byte, and what was expected.
 */
package io.heaplab.traces;
