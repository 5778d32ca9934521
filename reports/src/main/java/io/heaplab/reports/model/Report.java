package io.heaplab.reports.model;

import io.heaplab.reports.JsonResults;
import java.util.List;

/**
 * Everything one report page shows: a title, the result files it was built from, and a section per experiment.
 *
 * <p>This is heaplab's result model. It is written and read by {@link ReportJson} (with {@link #SCHEMA_VERSION}) and
 * flattened to CSV by {@link ReportCsv}; charts and HTML are drawn from it alone.
 */
public record Report(int schema, String title, List<String> inputs, List<Section> sections) {

    /** A report is a heaplab document, so it follows their schema ({@link JsonResults#SCHEMA_VERSION}). */
    public static final int SCHEMA_VERSION = JsonResults.SCHEMA_VERSION;

    public Report {
        inputs = List.copyOf(inputs);
        sections = List.copyOf(sections);
    }

    /** A report of the current schema. */
    public Report(String title, List<String> inputs, List<Section> sections) {
        this(SCHEMA_VERSION, title, inputs, sections);
    }
}
