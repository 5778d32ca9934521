package io.heaplab.sweep;

import java.io.Serial;
import java.io.Serializable;
import java.util.List;

/**
 * What one point of a sweep measured: its measures in the sweep's order, or the one-line reason it failed.
 *
 * @param index    the point's index in its sweep
 * @param measures each measure as the table writes it; empty when it failed
 * @param failure  why the run failed, or empty
 */
public record Row(int index, List<String> measures, String failure) implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    public Row {
        measures = List.copyOf(measures);
    }

    public boolean failed() {
        return !failure.isEmpty();
    }
}
