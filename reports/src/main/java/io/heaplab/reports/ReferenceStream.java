package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.SequencedMap;

/**
 * A stream of page references that policies were run over, as reports describe it: where it came from (a trace
 * file or a run, as named fields) and what it held.
 *
 * @param origin        where the references came from, field by field in report order; values are strings or
 *                      numbers
 * @param references    every reference, repeats included
 * @param measuredFrom  the virtual time at which the measured phase began (0 when all of it is measured)
 * @param runs          runs of references to one page
 * @param distinctPages different pages referenced
 * @param warmup        the references asked to warm the policies before counting (0 for none); the measured phase
 *                      begins at the later of it and a phase the stream marks itself
 */
public record ReferenceStream(SequencedMap<String, Object> origin, long references, long measuredFrom, long runs,
                              int distinctPages, long warmup) {

    public ReferenceStream {
        origin = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(origin));
    }

    /** A stream without a warm-up asked for. */
    public ReferenceStream(SequencedMap<String, Object> origin, long references, long measuredFrom, long runs,
                           int distinctPages) {
        this(origin, references, measuredFrom, runs, distinctPages, 0);
    }

    /** Puts the stream's fields under {@code node}: {@code source}, then the counts. */
    void putInto(ObjectNode node) {
        ObjectNode source = node.putObject("source");
        origin.forEach((name, value) -> {
            switch (value) {
                case Integer i -> source.put(name, i);
                case Long l -> source.put(name, l);
                case Number n -> source.put(name, n.doubleValue());
                default -> source.put(name, value.toString());
            }
        });
        node.put("references", references);
        node.put("measuredFrom", measuredFrom);
        node.put("warmup", warmup);
        node.put("runs", runs);
        node.put("distinctPages", distinctPages);
    }
}
