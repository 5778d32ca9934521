package io.heaplab.studies.carr;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the result file {@link CarrJson} writes into a report section, per regime: the calibration, the tasks' table,
 * Figures 3-5 (processor utilization against theta, a line per policy and Table 2's points, a chart per configuration
 * on one y range) beside the paging device's busy share, and the peaks beside Table 2; then the claims with their
 * causes.
 */
public final class CarrSection implements ExperimentReader {

    @Override
    public String experiment() {
        return CarrJson.EXPERIMENT;
    }

    @Override
    public String kind() {
        return "reproduce carr";
    }

    @Override
    public Expect schema() {
        return CarrJson.SCHEMA;
    }

    @Override
    public Section section(JsonNode document) {
        List<Figure> figures = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (JsonNode regime : document.path("regimes")) {
            String key = regime.path("regime").asText();
            notes.add("Regime " + key + ": " + regime.path("description").asText() + "; frames "
                    + Nodes.cell(regime.path("framesScale").asDouble(), 2) + " times Table 1's, paging device "
                    + Nodes.cell(regime.path("deviceScale").asDouble(), 2) + " times"
                    + (regime.has("ioInterval") ? ", an I/O request every "
                    + Nodes.cell(regime.path("ioInterval").asDouble(), 0) + " references" : "") + ".");
            regime(key, regime, figures, tables);
        }
        notes.addAll(ClaimNotes.of(document.path("claims")));
        return new Section("Carr & Hennessy's WSCLOCK study, Figures 3-5 and Table 2",
                document.path("source").asText(), Nodes.texts(document.path("parameters")), Environment.of(document),
                notes, tables, figures);
    }

    private static void regime(String key, JsonNode regime, List<Figure> figures, List<Table> tables) {
        JsonNode calibration = regime.path("calibration");
        if (calibration.isObject()) {
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode o : calibration.path("observed")) {
                rows.add(List.of(o.path("configuration").asText(), Nodes.cell(o.path("theta").asDouble(), 0),
                        Nodes.cell(o.path("frames").asDouble(), 0), Nodes.cell(o.path("utilization").asDouble(), 3),
                        Nodes.cell(o.path("meanMpl").asDouble(), 2), Nodes.cell(o.path("deactivations").asDouble(), 0),
                        Nodes.cell(o.path("faultsPerTask").asDouble(), 0), Nodes.cell(o.path("pagingBusy").asDouble(),
                                2)));
            }
            tables.add(new Table("Calibration (" + key + "): frames scale "
                    + Nodes.cell(calibration.path("framesScale").asDouble(), 3) + ", device scale "
                    + Nodes.cell(calibration.path("deviceScale").asDouble(), 3) + ", I/O every "
                    + Nodes.cell(calibration.path("ioInterval").asDouble(), 0) + " references; WS with LT/RT at Table"
                    + " 2's theta (Table 2's operating point " + (calibration.path("reached").asBoolean() ? "reached"
                    : "not reached everywhere") + ")", List.of("configuration", "theta", "frames", "utilization",
                    "mean MPL", "deactivations", "faults a task", "paging busy"), rows));
        }
        List<List<String>> taskRows = new ArrayList<>();
        for (JsonNode task : regime.path("tasks")) {
            List<String> row = new ArrayList<>(List.of(task.path("program").asText(),
                    task.has("pages") ? Nodes.cell(task.path("pages").asDouble(), 0) : "-"));
            for (JsonNode w : task.path("workingSets")) {
                row.add(Nodes.cell(w.asDouble(), 1));
            }
            row.add(task.has("ioInterval") ? Nodes.cell(task.path("ioInterval").asDouble(), 0) : "-");
            List<String> faults = new ArrayList<>();
            task.path("faultsPerTask").properties().forEach(e -> faults.add(e.getKey() + " "
                    + Nodes.cell(e.getValue().asDouble(), 0)));
            row.add(String.join(", ", faults));
            taskRows.add(row);
        }
        tables.add(new Table("The tasks (" + key + "): each program beside what Table 2 implies of Carr's",
                List.of("program", "pages", "W(200k)", "W(600k)", "W(2000k)", "references per I/O",
                        "faults a task at WS with LT/RT's peak"), taskRows));
        Map<String, List<JsonNode>> byConfiguration = new LinkedHashMap<>();
        for (JsonNode curve : regime.path("curves")) {
            byConfiguration.computeIfAbsent(curve.path("configuration").asText(), c -> new ArrayList<>()).add(curve);
        }
        List<List<String>> rows = new ArrayList<>();
        byConfiguration.forEach((configuration, curves) -> {
            List<Series> series = new ArrayList<>();
            List<Series> busy = new ArrayList<>();
            List<Double> paperTheta = new ArrayList<>();
            List<Double> paperUtilization = new ArrayList<>();
            for (JsonNode curve : curves) {
                JsonNode points = curve.path("points");
                double[] theta = new double[points.size()];
                double[] utilization = new double[points.size()];
                double[] sd = new double[points.size()];
                double[] paging = new double[points.size()];
                for (int i = 0; i < theta.length; i++) {
                    theta[i] = points.get(i).path("theta").asDouble();
                    utilization[i] = Nodes.number(points.get(i).path("utilization"), "mean");
                    sd[i] = Nodes.number(points.get(i).path("utilization"), "sd");
                    double sum = 0;
                    for (JsonNode run : points.get(i).path("runs")) {
                        sum += run.path("pagingBusy").asDouble();
                    }
                    paging[i] = sum / Math.max(1, points.get(i).path("runs").size());
                }
                // over several seeds the line carries a band of one standard deviation
                boolean spread = java.util.Arrays.stream(sd).anyMatch(v -> v > 0);
                series.add(new Series(curve.path("title").asText(), Series.Style.LINE, theta, utilization,
                        spread ? sd : new double[0]));
                busy.add(Series.line(curve.path("title").asText(), theta, paging));
                JsonNode published = curve.path("published");
                if (published.isObject()) {
                    paperTheta.add(published.path("theta").asDouble());
                    paperUtilization.add(published.path("utilization").asDouble());
                }
                JsonNode peak = points.get(0); // the file names the peak's theta, one of its points
                for (JsonNode point : points) {
                    if (point.path("theta").asLong() == curve.path("peakTheta").asLong()) {
                        peak = point;
                    }
                }
                rows.add(List.of(configuration, curve.path("title").asText(),
                        Nodes.cell(Nodes.number(published, "theta"), 0), Nodes.cell(curve.path("peakTheta").asDouble(), 0),
                        Nodes.cell(Nodes.number(published, "utilization"), 3),
                        Nodes.summary(peak.path("utilization"), 3),
                        Nodes.cell(Nodes.number(published, "meanMpl"), 2), Nodes.summary(peak.path("meanMpl"), 2),
                        Nodes.cell(Nodes.number(published, "pageFaults"), 0),
                        Nodes.summary(peak.path("pageFaults"), 0)));
            }
            if (!paperTheta.isEmpty()) {
                series.add(new Series("Table 2 (WS with LT/RT, WSCLOCK)", Series.Style.POINTS,
                        paperTheta.stream().mapToDouble(Double::doubleValue).toArray(),
                        paperUtilization.stream().mapToDouble(Double::doubleValue).toArray(), new double[0]));
            }
            double[] all = series.stream().flatMapToDouble(s -> java.util.stream.DoubleStream.of(s.x())).toArray();
            String id = key + "-" + configuration.toLowerCase(java.util.Locale.ROOT);
            // one y range for every configuration and regime, so the charts compare at a glance
            figures.add(Figure.lines("utilization-" + id, "Configuration " + configuration + " (" + key
                    + "): processor utilization against theta", Axis.fitting("theta (references)", all),
                    Axis.linear("processor utilization").over(0, 1), series, List.of()));
            figures.add(Figure.lines("paging-" + id, "Configuration " + configuration + " (" + key
                    + "): paging device busy against theta", Axis.fitting("theta (references)", all),
                    Axis.linear("paging device busy share").over(0, 1), busy, List.of()));
        });
        tables.add(new Table("Peak performance beside Table 2 (" + key + ")", List.of("configuration", "policy",
                "theta, paper", "measured", "utilization, paper", "measured", "mean MPL, paper", "measured",
                "page faults, paper", "measured"), rows));
    }
}
