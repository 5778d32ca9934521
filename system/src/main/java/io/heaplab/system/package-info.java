/**
 * A multiprogrammed computer with virtual memory, after Carr &amp; Hennessy (SOSP 1981): tasks that run reference
 * strings of (page, dirty) pairs, one processor executing one reference per unit of time, a memory of frames with
 * use and dirty bits, paging devices with a queue, a round-robin scheduler with time-slices, and load control by
 * working set (pure WS, with or without the LT/RT control) or by resident working set (WSCLOCK). Time is counted
 * in references, as in the paper.
 */
package io.heaplab.system;
