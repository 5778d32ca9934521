package io.heaplab.sweep;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.spi.Spec;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;

/**
 * One point of a sweep: the run its coordinates name. It holds only text and numbers, so an engine may send it to
 * another machine and run it there.
 *
 * @param index          its place in the sweep's order: the table is sorted by it
 * @param workload       the workload spec
 * @param allocator      the allocator spec
 * @param policy         the policy spec, or empty when the sweep names none
 * @param pageSize       bytes per page
 * @param heapCapacity   the heap's bound in bytes, or {@link io.heaplab.core.heap.Heap#GROWABLE}
 * @param countAllocator which allocator references are paged: none, all, allocate or dispose
 * @param seed           the workload's seed
 * @param coordinates    its value in each of the sweep's columns, in their order (empty where it has none)
 */
public record Point(int index, String workload, String allocator, String policy, int pageSize, long heapCapacity,
                    String countAllocator, long seed, List<String> coordinates) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    public Point {
        coordinates = List.copyOf(coordinates);
    }

    /** What identifies the point in a table, whatever its index: its coordinates, seed among them. */
    public String key() {
        return String.join("\u001f", coordinates);
    }

    /** The run this point names. */
    public RunSpec runSpec() {
        RunSpec.Builder run = RunSpec.workload(workload).allocator(allocator).pageSize(pageSize)
                .heapCapacity(heapCapacity).seed(seed)
                .accounting(Accounting.WORKLOAD.withAllocatorReferences(Accounting.AllocatorReferences.of(
                        countAllocator)));
        if (!policy.isEmpty()) {
            run.policy(Spec.parse(policy));
        }
        return run.build();
    }
}
