/**
 * Bonwick's slab allocator (USENIX Summer 1994) behind a general malloc, as Solaris's {@code kmem_alloc}: object
 * caches by size class over a vmem-like supply of page runs.
 */
package io.heaplab.allocators.slab;
