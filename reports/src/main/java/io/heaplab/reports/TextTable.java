package io.heaplab.reports;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plain-text table for the terminal: one or more header lines, then rows; the first column (a name) is
 * left-aligned and the others (numbers) right-aligned, each as wide as its widest cell.
 */
public final class TextTable {

    private final List<List<String>> headers = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** Adds a header line; header lines are printed in the order added. */
    public TextTable header(List<String> cells) {
        headers.add(List.copyOf(cells));
        return this;
    }

    public TextTable row(List<String> cells) {
        rows.add(List.copyOf(cells));
        return this;
    }

    /** Prints the headers and rows; a row shorter than the widest leaves its last columns blank. */
    public void print(PrintWriter out) {
        int columns = 0;
        for (List<String> line : lines()) {
            columns = Math.max(columns, line.size());
        }
        int[] widths = new int[columns];
        for (List<String> line : lines()) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (List<String> line : lines()) {
            out.println(render(line, widths));
        }
    }

    private List<List<String>> lines() {
        List<List<String>> all = new ArrayList<>(headers);
        all.addAll(rows);
        return all;
    }

    private static String render(List<String> cells, int[] widths) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String format = i == 0 ? "%-" + widths[i] + "s" : "  %" + widths[i] + "s";
            text.append(String.format(Locale.ROOT, format, cells.get(i)));
        }
        return text.toString().stripTrailing();
    }
}
