package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Section;

/**
 * Reads the result file of one experiment (a paper's reproduction, say) into a report section; found by
 * {@link java.util.ServiceLoader} through the {@code experiment} name the file carries, so a new experiment adds
 * its reader without an edit here.
 */
public interface ExperimentReader {

    /** The value of the {@code experiment} field of the files this reader reads. */
    String experiment();

    /** What the report calls such a file, in messages ("reproduce brent"). */
    String kind();

    /**
     * The section of {@code document}; a missing or mistyped field may throw any runtime exception, which
     * {@link ResultFiles} turns into a one-line message naming the file.
     */
    Section section(JsonNode document);
}
