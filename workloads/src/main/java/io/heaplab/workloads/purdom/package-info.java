/**
 * The simulation Purdom, Stigler &amp; Cheam (1970) compared the buddy system, first fit and segregated storage
 * with: Poisson arrivals, geometric block sizes, exponential lifetimes, in a bounded memory of cells.
 */
package io.heaplab.workloads.purdom;
