package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.schema.Expect;

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
     * What a file of this experiment holds, checked before {@link #section} reads it, so that a file cut short,
     * edited by hand or of another experiment fails naming the first value out of place rather than being drawn.
     * By default the fields every experiment's file shares ({@link ResultSchemas#experiment}); a reader names the
     * fields its experiment writes.
     */
    default Expect schema() {
        return ResultSchemas.experiment(Expect.object().optional("parameters", Expect.object()));
    }

    /**
     * The section of {@code document}, which {@link #schema()} has accepted; a runtime exception it throws all
     * the same becomes, in {@link ResultFiles}, a one-line message naming the file.
     */
    Section section(JsonNode document);
}
