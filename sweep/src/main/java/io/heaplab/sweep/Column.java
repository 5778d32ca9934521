package io.heaplab.sweep;

import java.io.Serial;
import java.io.Serializable;

/**
 * A coordinate column of a sweep's table: one of the fixed axes, or an option of the workload, allocator or policy
 * that the sweep gives, named by its key ({@code lambda}, {@code minBlock}, {@code frames}).
 *
 * @param name the column's name, unique in the table
 * @param role which axis it is, or whose option
 */
public record Column(String name, Role role) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** What a column holds. */
    public enum Role {
        WORKLOAD, WORKLOAD_OPTION, ALLOCATOR, ALLOCATOR_OPTION, POLICY, POLICY_OPTION, PAGE_SIZE, HEAP_SIZE,
        COUNT_ALLOCATOR, SEED;

        /** Whether the column holds an option of a plugin rather than an axis of its own. */
        public boolean option() {
            return this == WORKLOAD_OPTION || this == ALLOCATOR_OPTION || this == POLICY_OPTION;
        }
    }
}
