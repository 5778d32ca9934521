package io.heaplab.studies.fits;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.Environment;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import io.heaplab.reports.read.ClaimNotes;
import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.Nodes;
import io.heaplab.reports.schema.Expect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the result file {@link FitsJson} writes into a report section: the course report's table beside heaplab's
 * measures, and per load and type the heap and the time over the run, a line per strategy (the report's figures of
 * RSS and time).
 */
public final class FitsSection implements ExperimentReader {

    @Override
    public String experiment() {
        return FitsJson.EXPERIMENT;
    }

    @Override
    public String kind() {
        return "reproduce fits";
    }

    @Override
    public Expect schema() {
        return FitsJson.SCHEMA;
    }

    @Override
    public Section section(JsonNode document) {
        List<List<String>> rows = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        for (JsonNode cell : document.path("cells")) {
            String load = cell.path("load").asText();
            String type = cell.path("type").asText();
            List<Series> heap = new ArrayList<>();
            List<Series> time = new ArrayList<>();
            for (Map.Entry<String, JsonNode> entry : cell.path("strategies").properties()) {
                JsonNode s = entry.getValue();
                JsonNode m = s.path("measured");
                JsonNode paper = s.path("published");
                rows.add(List.of(load, type, entry.getKey(),
                        paper.isMissingNode() ? "-" : Nodes.cell(paper.path("rssKB").asDouble(), 0),
                        paper.isMissingNode() ? "-" : Nodes.cell(paper.path("ms").asDouble(), 0),
                        Nodes.cell(m.path("residentKB").asDouble(), 0), Nodes.cell(m.path("heapKB").asDouble(), 0),
                        Nodes.cell(m.path("searchesPerCall").asDouble(), 1),
                        s.has("timing") ? Nodes.cell(s.path("timing").path("meanMs").asDouble(), 0) : "-",
                        Nodes.cell(100 * m.path("fragmentation").path("peakOverPeak").asDouble(), 1) + "%"));
                double[] requests = Nodes.doubles(m.path("timeline").path("requests"));
                double[] heapKB = Nodes.doubles(m.path("timeline").path("heapBytes"));
                for (int i = 0; i < heapKB.length; i++) {
                    heapKB[i] /= 1024;
                }
                heap.add(Series.line(entry.getKey(), requests, heapKB));
                if (s.has("timing")) {
                    time.add(Series.line(entry.getKey(), Nodes.doubles(s.path("timing").path("sampleMs")), heapKB));
                }
            }
            String id = "l" + load + "-" + type;
            figures.add(Figure.lines(id + "-heap", "Load " + load + ", " + type + ": heap over the run",
                    Axis.linear("calls (generation, allocation, deallocation)"), Axis.linear("heap, KB"), heap,
                    List.of()));
            if (!time.isEmpty()) {
                figures.add(Figure.lines(id + "-time", "Load " + load + ", " + type
                        + ": heap against time (the report's RSS against time)", Axis.linear("ms since the start"),
                        Axis.linear("heap, KB"), time, List.of()));
            }
        }
        Table table = new Table("The report's table beside heaplab's measures", List.of("load", "type", "strategy",
                "paper RSS KB", "paper ms", "RSS KB", "heap KB", "searches per call", "ms", "fragmentation"), rows);
        return new Section("The course report on first, best and worst fit", document.path("source").asText(),
                parameters(document.path("parameters")), Environment.of(document),
                ClaimNotes.of(document.path("claims")), List.of(table), figures);
    }

    /**
     * The run's parameters as text, its strategies each by its title and the spec that ran it, those beyond the
     * report's three marked, rather than each field of their records.
     */
    static java.util.Map<String, String> parameters(JsonNode parameters) {
        java.util.Map<String, String> texts = Nodes.texts(parameters);
        JsonNode strategies = parameters.path("strategies");
        if (strategies.isArray()) {
            List<String> named = new java.util.ArrayList<>();
            for (JsonNode s : strategies) {
                named.add(s.path("title").asText() + " (" + s.path("allocator").asText()
                        + (s.path("reported").asBoolean(true) ? "" : ", beyond the report") + ")");
            }
            texts.put("strategies", String.join("; ", named));
        }
        return texts;
    }
}
