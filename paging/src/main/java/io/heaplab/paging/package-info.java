/**
 * Page-replacement policies and one-pass fault-curve analyzers, grouped by family in subpackages; each is a
 * {@link io.heaplab.core.spi.PagingSimulator} made by a {@link io.heaplab.core.spi.ReplacementPolicyProvider}.
 */
package io.heaplab.paging;
