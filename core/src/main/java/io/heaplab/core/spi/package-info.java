/**
 * The plugin contract: what a plugin author implements and nothing else. Providers of allocation strategies
 * ({@link io.heaplab.core.spi.AllocatorProvider}), replacement policies
 * ({@link io.heaplab.core.spi.ReplacementPolicyProvider}) and workloads
 * ({@link io.heaplab.core.spi.WorkloadProvider}), their typed options parsed from a spec string, and the
 * {@link io.heaplab.core.spi.SpiVersion} a plugin declares. The machinery that finds and loads providers lives in
 * {@link io.heaplab.core.plugins}.
 */
package io.heaplab.core.spi;
