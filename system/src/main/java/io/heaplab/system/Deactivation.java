package io.heaplab.system;

/** Which active task the load control deactivates when memory is overcommitted (Carr &amp; Hennessy's six). */
public enum Deactivation {
    /** The task activated last: the paper's choice, among its three best. */
    LAST_ACTIVATED,
    /** The task with the smallest resident set, also among the best. */
    SMALLEST_RESIDENT,
    /** The task with the most of its time-slice left, also among the best. */
    LARGEST_REMAINING_SLICE,
    /** The task whose fault found no frame: poorer, the paper found. */
    FAULTING,
    /** The task with the largest resident set: poorer. */
    LARGEST_RESIDENT,
    /** A task drawn at random: poorer. */
    RANDOM
}
