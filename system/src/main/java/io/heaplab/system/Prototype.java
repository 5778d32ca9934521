package io.heaplab.system;

/**
 * A program tasks are drawn from (Carr &amp; Hennessy's task model): its reference string and the mean virtual time
 * between its I/O requests, which tasks of it make at exponentially distributed intervals.
 *
 * @param name          what the program is ("sort", "groff")
 * @param string        its reference string
 * @param meanIoInterval the mean references between I/O requests; {@link Double#POSITIVE_INFINITY} for none
 */
public record Prototype(String name, TaskString string, double meanIoInterval) {

    public Prototype {
        if (!(meanIoInterval > 0)) {
            throw new IllegalArgumentException("prototype " + name + ": mean I/O interval " + meanIoInterval
                    + " (expected: a positive number of references, or infinity for none)");
        }
    }
}
