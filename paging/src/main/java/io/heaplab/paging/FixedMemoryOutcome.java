package io.heaplab.paging;

import io.heaplab.core.spi.PagingOutcome;
import java.util.LinkedHashMap;
import java.util.Map;

/** The outcome of a policy in a fixed memory: its faults, with write-backs first among its measures. */
public final class FixedMemoryOutcome {

    private FixedMemoryOutcome() {
    }

    /**
     * Faults with the measures {@link PagingOutcome#WRITE_BACKS} then {@code extra}, in that order (reports list
     * them so, and every policy's columns line up); a name given twice fails.
     */
    @SafeVarargs
    public static PagingOutcome.Faults of(long faults, long writeBacks, Map.Entry<String, ? extends Number>... extra) {
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, writeBacks);
        for (Map.Entry<String, ? extends Number> measure : extra) {
            if (measures.put(measure.getKey(), measure.getValue()) != null) {
                throw new IllegalArgumentException("measure: " + measure.getKey() + " (expected: once)");
            }
        }
        return new PagingOutcome.Faults(faults, measures);
    }
}
