/**
 * The contract tests every allocation strategy, replacement policy and workload passes, built-in or plugin: extend
 * {@link io.heaplab.testkit.AllocatorContract}, {@link io.heaplab.testkit.FixedMemoryContract} or
 * {@link io.heaplab.testkit.VariableMemoryContract} (both {@link io.heaplab.testkit.PagingSimulatorContract}s), or
 * {@link io.heaplab.testkit.WorkloadContract}, and implement its one factory method; extend
 * {@link io.heaplab.testkit.ProviderContract} once per module, naming one of its classes, to check all of its
 * providers (registration, names, cited descriptions, options, SPI version) at once. {@link
 * io.heaplab.testkit.LiveBlocks} and {@link io.heaplab.testkit.PageTraces} are the helpers they are built on, for a
 * plugin's own tests too.
 */
package io.heaplab.testkit;
