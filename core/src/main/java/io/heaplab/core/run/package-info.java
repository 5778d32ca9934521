/**
 * Running experiments as a library: a {@link io.heaplab.core.run.RunSpec} names a workload, an allocator and
 * policies; the {@link io.heaplab.core.run.Runner} runs one or a sweep of them on any number of threads and gives
 * back deterministic {@link io.heaplab.core.run.RunResult}s.
 */
package io.heaplab.core.run;
