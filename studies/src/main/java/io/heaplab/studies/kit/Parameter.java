package io.heaplab.studies.kit;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One parameter of a study's experiment, beyond the seeds and threads every study takes.
 *
 * @param name         its name, lower-case words joined by hyphens ("tridiag-n"); the command line's option
 * @param label        what its value is, in a word or a pattern ("N", "SPEC[,SPEC...]")
 * @param defaultValue its value unless one is given
 * @param description  what it sets, in a sentence
 */
public record Parameter(String name, String label, String defaultValue, String description) {

    /** The names every study takes already, or a front end gives its own options: no parameter may use them. */
    public static final Set<String> RESERVED = Set.of("seeds", "seed", "threads", "json", "report", "no-report",
            "help", "version", "plugins");

    public Parameter {
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("parameter name '" + name
                    + "' (expected: lower-case words joined by hyphens)");
        }
        if (RESERVED.contains(name)) {
            throw new IllegalArgumentException("parameter name '" + name + "' is taken (expected: none of "
                    + String.join(", ", new TreeSet<>(RESERVED)) + ")");
        }
        Objects.requireNonNull(defaultValue, "defaultValue");
    }
}
