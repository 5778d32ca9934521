/**
 * heaplab's own trace formats: the compact {@linkplain io.heaplab.traces.heaplab.BinaryTraceFormat binary} one,
 * optionally deflated, and a {@linkplain io.heaplab.traces.heaplab.TextTraceFormat text} one to read and write by
 * hand; both keep the page numbers they were recorded with. {@link io.heaplab.traces.heaplab.BinarySpec} and {@link
 * io.heaplab.traces.heaplab.TextSpec} describe them to {@link io.heaplab.traces.TraceFormat}.
 */
package io.heaplab.traces.heaplab;
