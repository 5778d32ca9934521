package io.heaplab.reports.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One experiment in a report: where its numbers came from, the parameters and seeds that fix them, the machine
 * and JDK that measured them, what to note, its tables and its figures.
 *
 * @param source      the paper or command the numbers reproduce or come from
 * @param parameters  the run's parameters and seeds, in the order they are shown
 * @param environment the machine and JDK, in the order they are shown; empty when the result file does not say
 */
public record Section(String title, String source, Map<String, String> parameters, Map<String, String> environment,
                      List<String> notes, List<Table> tables, List<Figure> figures) {

    public Section {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        notes = List.copyOf(notes);
        tables = List.copyOf(tables);
        figures = List.copyOf(figures);
    }
}
