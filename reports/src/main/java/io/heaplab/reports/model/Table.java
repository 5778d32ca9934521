package io.heaplab.reports.model;

import java.util.List;

/** A table as shown: a title, column headings and rows of cells already formatted, one per column. */
public record Table(String title, List<String> columns, List<List<String>> rows) {

    public Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("table '" + title + "': a row of " + row.size()
                        + " cells (expected: " + columns.size() + ", one per column)");
            }
        }
    }
}
