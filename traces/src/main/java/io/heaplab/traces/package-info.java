/**
 * Page-reference traces on disk, read into the same batches of packed {@link io.heaplab.core.trace.PageRun}s that
 * the {@link io.heaplab.core.trace.ReferenceRecorder} hands its sinks: the replay API, with each format in a
 * package of its family ({@code heaplab}, {@code lackey}, {@code libcachesim}, {@code arc}, {@code address}).
 *
 * <p>A format is a {@link io.heaplab.traces.TraceFormatSpec}: its reader (and writer), whether it cuts addresses
 * or renumbers, its label and help, and how it is told. heaplab's own are the constants of {@link
 * io.heaplab.traces.TraceFormat}; {@link io.heaplab.traces.TraceFormats} lists them with any a jar adds through
 * {@code META-INF/services}, and parses, lists and tells them. {@link io.heaplab.traces.TraceFiles} opens and
 * creates traces; a {@link io.heaplab.traces.TraceWriter} is a {@link io.heaplab.core.trace.ReferenceSink}, so a
 * run records its trace by adding one more sink, and a {@link io.heaplab.traces.TraceReader} replays it into any
 * sink. {@link io.heaplab.traces.TraceReplay} does the whole of a replay in one call, through replacement policies
 * named by their specs, into a {@link io.heaplab.traces.ReplayResult}. Malformed input always fails with a {@link
 * io.heaplab.traces.TraceFormatException} that names the file, the line or byte, and what was expected; a read
 * option the trace gives no meaning to, with a {@link io.heaplab.traces.ReadOptionException}.
 */
package io.heaplab.traces;
