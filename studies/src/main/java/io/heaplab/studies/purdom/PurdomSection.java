package io.heaplab.studies.purdom;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.core.spi.Spec;
import io.heaplab.reports.Environment;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import io.heaplab.reports.read.ClaimNotes;
import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.Ids;
import io.heaplab.reports.read.Nodes;
import io.heaplab.reports.schema.Expect;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.DoubleStream;
import java.util.Map;

/**
 * Reads the result file {@link PurdomJson} writes into a report section: the section of a
 * {@code heaplab reproduce purdom} file (Purdom, Stigler &amp; Cheam 1970, Tables 1-3): per table,
 * published and measured space utilization and searches per request, and for every mean block size c the two
 * against the request rate λ, a line per method with the paper's values as points.
 */
public final class PurdomSection implements ExperimentReader {

    @Override
    public String experiment() {
        return PurdomJson.EXPERIMENT;
    }

    @Override
    public String kind() {
        return "reproduce purdom";
    }

    @Override
    public Expect schema() {
        return PurdomJson.SCHEMA;
    }

    @Override
    public Section section(JsonNode document) {
        List<Table> tables = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        for (JsonNode table : document.path("tables")) {
            tables.add(table(table));
            Map<Double, List<JsonNode>> byC = new LinkedHashMap<>();
            table.path("cells").forEach(cell -> byC.computeIfAbsent(cell.path("c").asDouble(), c -> new ArrayList<>())
                    .add(cell));
            byC.forEach((c, cells) -> {
                List<JsonNode> sorted = cells.stream()
                        .sorted(Comparator.comparingDouble(cell -> cell.path("lambda").asDouble())).toList();
                figures.add(against(table, c, sorted, "ratio", "utilization", "space utilization",
                        Axis.linear("requests received / requests filled")));
                figures.add(against(table, c, sorted, "searches", "searches", "searches per request",
                        Axis.linear("searches per request")));
            });
        }
        List<String> notes = new ArrayList<>();
        document.path("notes").forEach(note -> notes.add(note.asText()));
        notes.addAll(ClaimNotes.of(document.path("claims")));
        if (document.has("transcription")) {
            notes.add("Transcription of the published tables: " + document.get("transcription").asText());
        }
        return new Section("Purdom, Stigler & Cheam, Tables 1-3", document.path("source").asText(),
                Nodes.texts(document.path("parameters")), Environment.of(document), notes, tables, figures);
    }

    private static String title(JsonNode table) {
        return "Table " + table.path("table").asText() + " (" + table.path("memoryCells").asText() + " cells)";
    }

    private static Table table(JsonNode table) {
        List<String> columns = new ArrayList<>(List.of("λ", "c"));
        for (Method m : Method.values()) {
            columns.addAll(List.of(m.title + ": utilization, paper", "measured", "searches, paper", "measured"));
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode cell : table.path("cells")) {
            // λ and c name the cell, as the paper writes them (14, 4.5), rather than measure it
            List<String> row = new ArrayList<>(List.of(Spec.number(cell.path("lambda").asDouble()),
                    Spec.number(cell.path("c").asDouble())));
            for (Method m : Method.values()) {
                JsonNode method = cell.path(m.key);
                row.add(Nodes.cell(Nodes.number(method.path("published"), "ratio"), 2));
                row.add(Nodes.summary(method.path("measured").path("ratio"), 2));
                row.add(Nodes.cell(Nodes.number(method.path("published"), "searches"), 2));
                row.add(Nodes.summary(method.path("measured").path("searches"), 2));
            }
            rows.add(row);
        }
        return new Table(title(table), columns, rows);
    }

    /** One measure against λ at block size c: a measured line per method, the paper's values as points. */
    private static Figure against(JsonNode table, double c, List<JsonNode> cells, String field, String id,
                                  String measure, Axis y) {
        double[] lambda = cells.stream().mapToDouble(cell -> cell.path("lambda").asDouble()).toArray();
        List<Series> series = new ArrayList<>();
        for (Method m : Method.values()) {
            double[] measured = cells.stream()
                    .mapToDouble(cell -> Nodes.number(cell.path(m.key).path("measured").path(field), "mean")).toArray();
            double[] paper = cells.stream()
                    .mapToDouble(cell -> Nodes.number(cell.path(m.key).path("published"), field)).toArray();
            double[] sd = cells.stream()
                    .mapToDouble(cell -> Nodes.number(cell.path(m.key).path("measured").path(field), "sd")).toArray();
            // over several seeds the line carries a band of one standard deviation
            boolean spread = DoubleStream.of(sd).anyMatch(v -> v > 0);
            series.add(new Series(m.title, Series.Style.LINE, lambda, measured, spread ? sd : new double[0]));
            series.add(new Series(m.title + " (paper)", Series.Style.POINTS, lambda, paper, new double[0]));
        }
        String cText = Spec.number(c);
        return Figure.lines("t" + table.path("table").asText() + "-c" + Ids.slug(cText) + "-" + id,
                title(table) + ", c = " + cText + ": " + measure + " against λ", Axis.linear("request rate λ"), y,
                series, List.of());
    }
}
