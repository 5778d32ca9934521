package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.Summary;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.DoubleStream;

/**
 * Every policy's miss ratio against memory size in one figure per run (workload and allocator), as cache
 * simulators draw a list of sizes: the single-size runs of a policy ({@code lru:frames=25,50,100}) joined into a
 * line, a whole curve ({@code lru:frames=all}) drawn beside them; over several seeds, each point is the mean with
 * its standard deviation as a band.
 */
final class MissRatioFigures {

    /** What was run, for the titles (the workload or trace, the page size); empty when the section says it. */
    private final String context;

    MissRatioFigures(String context) {
        this.context = context;
    }

    /** The miss ratios of one line at each number of frames, one value per seed. */
    private final Map<String, Map<String, TreeMap<Long, List<Double>>>> runs = new LinkedHashMap<>();

    /** Adds a run's single-size policies that name their frames, and its curves over frames, under {@code label}. */
    void add(String label, JsonNode run, JsonNode curves) {
        double measured = run.path("references").asDouble() - run.path("measuredFrom").asDouble();
        if (measured <= 0) {
            return;
        }
        Map<String, TreeMap<Long, List<Double>>> lines = runs.computeIfAbsent(label, l -> new LinkedHashMap<>());
        run.path("faults").properties().forEach(e -> {
            Spec policy = parse(e.getKey());
            String frames = policy == null ? null : policy.options().get("frames");
            if (frames != null && frames.chars().allMatch(Character::isDigit) && e.getValue().isNumber()) {
                lines.computeIfAbsent(family(policy), f -> new TreeMap<>())
                        .computeIfAbsent(Long.parseLong(frames), f -> new ArrayList<>())
                        .add(e.getValue().asDouble() / measured);
            }
        });
        curves.forEach(curve -> {
            Spec policy = parse(curve.path("policy").asText());
            if (policy == null || !"frames".equals(curve.path("axis").asText())) {
                return;
            }
            double references = curve.path("references").asDouble();
            double[] sizes = Nodes.doubles(curve.path("sizes"));
            double[] faults = Nodes.doubles(curve.path("faults"));
            TreeMap<Long, List<Double>> line = lines.computeIfAbsent(family(policy) + " (curve)",
                    f -> new TreeMap<>());
            for (int i = 0; i < faults.length && references > 0; i++) {
                line.computeIfAbsent((long) sizes[i], f -> new ArrayList<>()).add(faults[i] / references);
            }
        });
    }

    /**
     * A figure per run that has a line of two or more single sizes (a lone size or lone curve is drawn elsewhere
     * already), every line of that run in it.
     */
    List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        runs.forEach((label, lines) -> {
            boolean sized = lines.entrySet().stream().anyMatch(e -> !e.getKey().endsWith(" (curve)")
                    && e.getValue().size() >= 2);
            if (!sized) {
                return;
            }
            List<Series> series = new ArrayList<>();
            lines.forEach((family, points) -> {
                double[] x = new double[points.size()];
                double[] y = new double[points.size()];
                double[] sd = new double[points.size()];
                int i = 0;
                for (Map.Entry<Long, List<Double>> p : points.entrySet()) {
                    Summary s = Summary.of(p.getValue().stream().mapToDouble(Double::doubleValue).toArray());
                    x[i] = p.getKey();
                    y[i] = s.mean();
                    sd[i++] = s.sd();
                }
                boolean spread = DoubleStream.of(sd).anyMatch(v -> v > 0);
                series.add(new Series(family, Series.Style.LINE, x, y, spread ? sd : new double[0]));
            });
            double[] xs = series.stream().flatMapToDouble(s -> DoubleStream.of(s.x())).toArray();
            // a real program's miss ratios fall by decades as memory grows: on a linear axis all but the smallest
            // memory sizes would sit on zero
            double[] ys = series.stream().flatMapToDouble(s -> DoubleStream.of(s.y())).toArray();
            figures.add(Figure.lines("miss-ratio-" + Ids.slug(label), "Miss ratio against memory size, " + label
                    + (context.isEmpty() ? "" : " (" + context + ")"),
                    Axis.fitting("memory size (frames)", xs), Axis.fitting("miss ratio (faults per reference)", ys),
                    series, List.of()));
        });
        return figures;
    }

    /** A policy without its memory size, naming the line its sizes make: {@code lru}, {@code wsclock:theta=100}. */
    private static String family(Spec policy) {
        java.util.SequencedMap<String, String> options = new LinkedHashMap<>(policy.options());
        options.remove("frames");
        return new Spec(policy.name(), options).toString();
    }

    private static Spec parse(String text) {
        try {
            return Spec.parse(text);
        } catch (SpecException e) {
            return null;
        }
    }
}
