package io.heaplab.core.run;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Spec;
import java.util.List;

/**
 * One experiment: a workload under one allocator, its references fed to some policies.
 *
 * @param workload                 the workload and its options
 * @param allocator                the allocation strategy and its options
 * @param policies                 the replacement policies to simulate, each counted separately
 * @param pageSize                 bytes per page, a power of two
 * @param heapCapacity             the most bytes the heap may hold, or {@link Heap#GROWABLE}
 * @param seed                     the seed of the workload's random source
 * @param countAllocatorReferences whether the allocator's bookkeeping references are paged too (Brent compares
 *                                 strategies, not their implementations, so by default they are not)
 */
public record RunSpec(Spec workload, Spec allocator, List<Spec> policies, int pageSize, long heapCapacity, long seed,
                      boolean countAllocatorReferences) {

    public RunSpec {
        policies = List.copyOf(policies);
        Heap.checkPageSize(pageSize);
    }

    /** A run in a growable heap that pages only the workload's references. */
    public static RunSpec of(Spec workload, Spec allocator, List<Spec> policies, int pageSize, long seed) {
        return new RunSpec(workload, allocator, policies, pageSize, Heap.GROWABLE, seed, false);
    }
}
