package io.heaplab.sweep.file;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * A value of a sweep file, whatever its format, with the line it was written on: a scalar as its text, a list, or
 * a table of keys. Errors name the line, so a mistake in a long sweep is found at once.
 */
public sealed interface Node {

    /** The line of the file this value (or the key it is given under) stands on, from 1. */
    int line();

    /** What a message calls this kind of value: "a value", "a list", "a table". */
    String kind();

    /** A number, string or boolean, as its text: {@code 16}, {@code first-fit}, {@code 0.5}. */
    record Scalar(String text, int line) implements Node {
        @Override
        public String kind() {
            return "a value";
        }
    }

    /** A list of values. */
    record Sequence(List<Node> items, int line) implements Node {
        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String kind() {
            return "a list";
        }
    }

    /** A table of keys, in the order written; each value's line is its key's. */
    record Mapping(SequencedMap<String, Node> entries, int line) implements Node {
        public Mapping {
            entries = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(entries));
        }

        @Override
        public String kind() {
            return "a table";
        }
    }
}
