/**
 * mimalloc for one thread (Leijen, Zorn &amp; de Moura, "Mimalloc: Free List Sharding in Action", APLAS 2019;
 * mimalloc 2.0.9): size-class pages with sharded free lists in segments of slices; all bookkeeping lives in the
 * heap.
 */
package io.heaplab.allocators.mimalloc;
