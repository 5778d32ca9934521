package io.heaplab.studies.kit;

import io.heaplab.core.spi.SpecException;

/**
 * A bad value of a study's parameter, told in one line: the parameter, the value, and what was expected. A front
 * end that shows parameters as options (the command line's {@code --tridiag-n}) names them its own way.
 */
public final class ParameterException extends SpecException {

    private final String parameter;
    private final String problem;

    /**
     * @param parameter the parameter's name ("tridiag-n")
     * @param problem   the value and what is wrong with it, ending in what was expected ("2 (expected: at least 3)")
     */
    public ParameterException(String parameter, String problem) {
        super(parameter + " " + problem);
        this.parameter = parameter;
        this.problem = problem;
    }

    /** The parameter's name. */
    public String parameter() {
        return parameter;
    }

    /** The value and what was expected of it. */
    public String problem() {
        return problem;
    }
}
