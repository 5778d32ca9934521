/**
 * Running experiments as a library: a {@link io.heaplab.core.run.RunSpec} names a workload, an allocator and
 * policies (built step by step from {@link io.heaplab.core.run.RunSpec#workload(String)}); the {@link
 * io.heaplab.core.run.Runner} runs one or a sweep of them on any number of threads and gives back deterministic
 * {@link io.heaplab.core.run.RunResult}s, whose {@link io.heaplab.core.run.PagingResults} accessors give each
 * policy's curve or fault count by its spec.
 */
package io.heaplab.core.run;
