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
        WORKLOAD("workload"), WORKLOAD_OPTION(null), ALLOCATOR("allocator"), ALLOCATOR_OPTION(null),
        POLICY("policy"), POLICY_OPTION(null), PAGE_SIZE("pageSize"), HEAP_SIZE("heapSize"),
        COUNT_ALLOCATOR("countAllocator"), SEED("seed");

        private final String axis;

        Role(String axis) {
            this.axis = axis;
        }

        /** The axis's name, as a sweep file and the table's header give it; null for a plugin's option. */
        public String axis() {
            return axis;
        }
    }
}
