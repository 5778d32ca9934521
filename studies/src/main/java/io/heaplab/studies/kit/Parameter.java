package io.heaplab.studies.kit;

/**
 * One parameter of a study's experiment, beyond the seeds and threads every study takes.
 *
 * @param name         its name, lower-case words joined by hyphens ("tridiag-n"); the command line's option
 * @param label        what its value is, in a word or a pattern ("N", "SPEC[,SPEC...]")
 * @param defaultValue its value unless one is given
 * @param description  what it sets, in a sentence
 */
public record Parameter(String name, String label, String defaultValue, String description) {

    public Parameter {
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("parameter name '" + name
                    + "' (expected: lower-case words joined by hyphens)");
        }
    }
}
