package io.heaplab.studies.brent;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.Environment;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import io.heaplab.reports.read.ClaimNotes;
import io.heaplab.reports.read.CurveFigures;
import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.Ids;
import io.heaplab.reports.read.Nodes;
import io.heaplab.reports.schema.Expect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.DoubleStream;

/**
 * Reads the result file {@link BrentJson} writes into a report section: the section of a {@code heaplab reproduce
 * brent} file (Brent, "The Most-Recently-Used Strategy for Dynamic Storage
 * Allocation on a Computer with Virtual Memory", Tables 3.1-3.3): per table, published and measured figures side by
 * side, each strategy's whole LRU fault curve, and normalized faults as bars with the paper's values beside them.
 */
public final class BrentSection implements ExperimentReader {

    @Override
    public String experiment() {
        return BrentJson.EXPERIMENT;
    }

    @Override
    public String kind() {
        return "reproduce brent";
    }

    @Override
    public Expect schema() {
        return BrentJson.SCHEMA;
    }

    @Override
    public Section section(JsonNode document) {
        List<Table> tables = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        List<String> notes = new ArrayList<>(ClaimNotes.of(document.path("claims")));
        for (JsonNode table : document.path("tables")) {
            tables.add(table(table));
            figures.add(curves(table, notes));
            figures.add(normalized(table));
        }
        return new Section("Brent's MRU study, Tables 3.1-3.3", document.path("source").asText(),
                Nodes.texts(document.path("parameters")), Environment.of(document), notes, tables, figures);
    }

    private static String title(JsonNode table) {
        return "Table " + table.path("table").asText() + ": " + table.path("title").asText();
    }

    private static boolean paperScale(JsonNode table) {
        return table.path("frames").equals(table.path("paperFrames"));
    }

    private static Table table(JsonNode table) {
        List<String> columns = new ArrayList<>(List.of("strategy", "virtual size, paper", "virtual size, measured"));
        JsonNode frames = table.path("frames");
        JsonNode paperFrames = table.path("paperFrames");
        for (int i = 0; i < frames.size(); i++) {
            String at = frames.get(i).asText() + " frames" + (paperScale(table) ? "" : " (paper: "
                    + paperFrames.get(i).asText() + ")");
            columns.addAll(List.of("faults at " + at + ", paper", "measured", "normalized, paper", "measured"));
        }
        boolean ratios = false;
        for (JsonNode row : table.path("rows")) {
            ratios |= row.path("measured").has("ratioToNormalLoad");
        }
        if (ratios) {
            columns.addAll(List.of("ratio to normal load, paper", "measured"));
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : table.path("rows")) {
            JsonNode published = row.path("published");
            JsonNode measured = row.path("measured");
            List<String> cells = new ArrayList<>(List.of(row.path("strategy").asText().toUpperCase(Locale.ROOT),
                    Nodes.cell(Nodes.number(published, "virtualPages"), 0), Nodes.summary(measured.path("virtualPages"), 1)));
            for (int i = 0; i < frames.size(); i++) {
                String f = frames.get(i).asText();
                String pf = paperFrames.get(i).asText();
                cells.add(Nodes.cell(Nodes.number(published.path("faults"), pf), 0));
                cells.add(Nodes.summary(measured.path("faults").path(f), 0));
                cells.add(Nodes.cell(Nodes.number(published.path("normalized"), pf), 3));
                cells.add(Nodes.summary(measured.path("normalized").path(f), 3));
            }
            if (ratios) {
                cells.add(Nodes.cell(Nodes.number(published, "ratioToNormalLoad"), 2));
                cells.add(measured.has("ratioToNormalLoad") ? Nodes.summary(measured.get("ratioToNormalLoad"), 2) : "-");
            }
            rows.add(cells);
        }
        return new Table(title(table) + " (" + table.path("workload").asText() + ")", columns, rows);
    }

    /**
     * Every strategy's LRU fault curve, with the table's memory sizes marked and, when the run is at the paper's
     * scale, the published virtual sizes (the pages each strategy's program needs) marked too.
     */
    private static Figure curves(JsonNode table, List<String> notes) {
        List<Series> series = new ArrayList<>();
        Map<Double, List<String>> published = new LinkedHashMap<>();
        for (JsonNode row : table.path("rows")) {
            String strategy = row.path("strategy").asText().toUpperCase(Locale.ROOT);
            double[] faults = Nodes.doubles(row.path("lruCurve"));
            series.add(Series.line(strategy, Nodes.oneTo(faults.length), faults));
            double size = Nodes.number(row.path("published"), "virtualPages");
            if (!Double.isNaN(size)) {
                published.computeIfAbsent(size, s -> new ArrayList<>()).add(strategy);
            }
        }
        List<Marker> markers = new ArrayList<>();
        table.path("frames").forEach(f -> markers.add(new Marker(f.asText() + " frames (table)", f.asDouble())));
        if (paperScale(table)) {
            published.forEach((size, strategies) -> markers.add(
                    new Marker(String.join(", ", strategies) + " virtual size (paper)", size)));
        } else if (!published.isEmpty()) {
            notes.add(title(table) + ": the published virtual sizes (" + published.keySet().stream()
                    .map(v -> Nodes.cell(v, 0)).toList() + " pages) are at the paper's scale; this run is scaled"
                    + " down, so they are not marked on its fault curves.");
        }
        double[] y = series.stream().flatMapToDouble(s -> DoubleStream.of(s.y())).toArray();
        return Figure.lines("faults-" + Ids.slug(table.path("table").asText()),
                title(table) + ", LRU faults against memory size",
                CurveFigures.framesAxis("frames (512-byte pages)", series), Axis.fitting("faults", y), series, markers);
    }

    /** Values a tenth or less of the largest get a log axis: MRU's 0.010 beside RANDOM's 1 would be a sliver. */
    private static final double DECADE = 10;

    /** Faults normalized to RANDOM at each memory size: measured bars (± sd over seeds), published points. */
    private static Figure normalized(JsonNode table) {
        List<String> strategies = new ArrayList<>();
        table.path("rows").forEach(r -> strategies.add(r.path("strategy").asText().toUpperCase(Locale.ROOT)));
        List<Series> series = new ArrayList<>();
        JsonNode frames = table.path("frames");
        for (int i = 0; i < frames.size(); i++) {
            String f = frames.get(i).asText();
            String pf = table.path("paperFrames").get(i).asText();
            double[] measured = new double[strategies.size()];
            double[] sd = new double[strategies.size()];
            double[] paper = new double[strategies.size()];
            int k = 0;
            for (JsonNode row : table.path("rows")) {
                JsonNode summary = row.path("measured").path("normalized").path(f);
                measured[k] = Nodes.number(summary, "mean");
                sd[k] = Nodes.number(summary, "sd");
                paper[k++] = Nodes.number(row.path("published").path("normalized"), pf);
            }
            String name = f + " frames";
            boolean spread = DoubleStream.of(sd).anyMatch(v -> v > 0);
            series.add(Series.bars(name, measured, spread ? sd : new double[0]));
            series.add(new Series(name + " (paper)", Series.Style.POINTS, new double[0], paper, new double[0]));
        }
        String scale = paperScale(table) ? "" : " (paper at " + Nodes.texts(table).get("paperFrames") + " frames)";
        return Figure.bars("normalized-" + Ids.slug(table.path("table").asText()),
                title(table) + ", faults normalized to RANDOM" + scale, "strategy",
                Axis.fitting("faults / RANDOM's faults", DECADE,
                        series.stream().flatMapToDouble(s -> DoubleStream.of(s.y())).toArray()), strategies, series);
    }
}
