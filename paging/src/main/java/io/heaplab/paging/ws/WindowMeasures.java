package io.heaplab.paging.ws;

import io.heaplab.core.spi.PagingOutcome;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The measures of a variable-memory policy (Denning 1968's working-set size, and the space-time product of
 * Belady &amp; Kuehner 1969): write-backs, mean resident pages, and their sum over the measured references.
 */
public final class WindowMeasures {

    /** Resident pages summed over the measured references, in page-references; {@code meanResident * references}. */
    public static final String SPACE_TIME = "spaceTime";

    private WindowMeasures() {
    }

    /** Space-time per measured reference; 0.0 when none was measured. */
    public static double meanResident(long spaceTime, long references) {
        return references == 0 ? 0.0 : (double) spaceTime / references;
    }

    /** The outcome of a per-window run, with its measures in the fixed order writeBacks, meanResident, spaceTime. */
    public static PagingOutcome.Faults outcome(long faults, long writeBacks, long spaceTime, long references) {
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, writeBacks);
        measures.put(PagingOutcome.MEAN_RESIDENT, meanResident(spaceTime, references));
        measures.put(SPACE_TIME, spaceTime);
        return new PagingOutcome.Faults(faults, measures);
    }
}
