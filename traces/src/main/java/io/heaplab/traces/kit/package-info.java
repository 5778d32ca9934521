/**
 * Parts that readers and writers of trace formats share: lines read in place ({@link
 * io.heaplab.traces.kit.AsciiLines}, {@link io.heaplab.traces.kit.LineTraceReader}), dense page numbers for ids of
 * any size ({@link io.heaplab.traces.kit.DensePages}, {@link io.heaplab.traces.kit.DenseRenumbering}), and a
 * buffered writer of a file that appears whole on commit ({@link io.heaplab.traces.kit.BufferedTraceWriter}), and a
format's spec told by its label, help and kind of reference ({@link io.heaplab.traces.kit.DescribedFormat}). A
 * format from another jar may use them too.
 */
package io.heaplab.traces.kit;
