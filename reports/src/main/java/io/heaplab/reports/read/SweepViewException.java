package io.heaplab.reports.read;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;

/**
 * A {@link SweepView} that does not fit the table it draws, told in one line: the view's field, the value, and what
 * was expected. A front end that sets the fields as options (the command line's {@code --x}) names them its own way.
 */
public final class SweepViewException extends SpecException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * @param field   the view's field ("x", "lines")
     * @param problem the value and what is wrong with it, ending in what was expected ("lives (expected: one of the
     *                table's columns: workload, live)")
     */
    SweepViewException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** The view's field. */
    public String field() {
        return field;
    }

    /** The value and what was expected of it. */
    public String problem() {
        return problem;
    }
}
