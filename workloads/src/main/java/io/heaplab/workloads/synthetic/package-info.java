/** Workloads generated from a few parameters and the run's seed, rather than programs or recorded traces. */
package io.heaplab.workloads.synthetic;
