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
 * Reads the result file {@link CarrJson} writes into a report section: Figures 3-5 (processor utilization against
 * theta, a line per policy, a chart per configuration) and the peaks beside Table 2.
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
        Map<String, List<JsonNode>> byConfiguration = new LinkedHashMap<>();
        for (JsonNode curve : document.path("curves")) {
            byConfiguration.computeIfAbsent(curve.path("configuration").asText(), c -> new ArrayList<>()).add(curve);
        }
        List<Figure> figures = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        byConfiguration.forEach((configuration, curves) -> {
            List<Series> series = new ArrayList<>();
            for (JsonNode curve : curves) {
                JsonNode points = curve.path("points");
                double[] theta = new double[points.size()];
                double[] utilization = new double[points.size()];
                double[] sd = new double[points.size()];
                for (int i = 0; i < theta.length; i++) {
                    theta[i] = points.get(i).path("theta").asDouble();
                    utilization[i] = Nodes.number(points.get(i).path("utilization"), "mean");
                    sd[i] = Nodes.number(points.get(i).path("utilization"), "sd");
                }
                // over several seeds the line carries a band of one standard deviation
                boolean spread = java.util.Arrays.stream(sd).anyMatch(v -> v > 0);
                series.add(new Series(curve.path("title").asText(), Series.Style.LINE, theta, utilization,
                        spread ? sd : new double[0]));
                JsonNode published = curve.path("published");
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
                        Nodes.cell(Nodes.number(published, "pageFaults"), 0),
                        Nodes.summary(peak.path("pageFaults"), 0)));
            }
            double[] all = series.stream().flatMapToDouble(s -> java.util.stream.DoubleStream.of(s.x())).toArray();
            figures.add(Figure.lines("utilization-" + configuration.toLowerCase(java.util.Locale.ROOT),
                    "Configuration " + configuration + ": processor utilization against theta",
                    Axis.fitting("theta (references)", all), Axis.linear("processor utilization"), series,
                    List.of()));
        });
        Table peaks = new Table("Peak performance beside Table 2", List.of("configuration", "policy",
                "theta, paper", "measured", "utilization, paper", "measured", "page faults, paper", "measured"), rows);
        return new Section("Carr & Hennessy's WSCLOCK study, Figures 3-5 and Table 2",
                document.path("source").asText(), Nodes.texts(document.path("parameters")), Environment.of(document),
                ClaimNotes.of(document.path("claims")), List.of(peaks), figures);
    }
}
