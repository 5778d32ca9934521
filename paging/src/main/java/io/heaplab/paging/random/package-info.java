/** Random replacement (Belady 1966): the baseline policy that knows nothing of the past, seeded. */
package io.heaplab.paging.random;
