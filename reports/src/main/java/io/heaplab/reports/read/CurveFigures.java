package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;

/**
 * Fault curves and lifetime curves collected from result files and drawn in groups: faults against frames for the
 * fixed-memory curves, faults against the window θ for the working-set ones, and Denning's lifetime curve
 * (references per fault against mean resident pages) for every curve of a group that has a window curve.
 */
public final class CurveFigures {

    /** One curve: its points by size, with the mean resident pages and measured references to get lifetimes. */
    private record Curve(String label, boolean window, double[] sizes, double[] faults, double[] meanResident,
                         double references) {
    }

    private final Map<String, List<Curve>> groups = new LinkedHashMap<>();

    /**
     * Adds the curve of {@code policy} from a run or replay's {@code faults} and {@code pagingMeasures} to
     * {@code group}, drawn as {@code label}.
     */
    void addPaging(String group, String label, JsonNode faults, JsonNode measures) {
        double[] y = Nodes.doubles(faults);
        boolean window = "window".equals(measures.path("axis").asText());
        double[] sizes = measures.has("sizes") ? Nodes.doubles(measures.get("sizes")) : Nodes.oneTo(y.length);
        double[] resident = measures.has("meanResident") ? Nodes.doubles(measures.get("meanResident")) : new double[0];
        add(group, new Curve(label, window, sizes, y, resident, measures.path("references").asDouble()));
    }

    /** Adds one curve of a {@code heaplab curve} file to {@code group}. */
    void addCurve(String group, JsonNode curve) {
        add(group, new Curve(curve.path("policy").asText(), "window".equals(curve.path("axis").asText()),
                Nodes.doubles(curve.path("sizes")), Nodes.doubles(curve.path("faults")),
                Nodes.doubles(curve.path("meanResident")), curve.path("references").asDouble()));
    }

    private void add(String group, Curve curve) {
        groups.computeIfAbsent(group, g -> new ArrayList<>()).add(curve);
    }

    /** The figures of every group, in the order the groups first appeared. */
    List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        groups.forEach((group, curves) -> {
            String suffix = group.isEmpty() ? "" : ", " + group;
            String id = group.isEmpty() ? "" : "-" + Ids.slug(group);
            List<Curve> frames = curves.stream().filter(c -> !c.window).toList();
            List<Curve> windows = curves.stream().filter(Curve::window).toList();
            if (!frames.isEmpty()) {
                figures.add(faults("faults-frames" + id, "Faults against memory size" + suffix, "frames", false, frames));
            }
            if (!windows.isEmpty()) {
                figures.add(faults("faults-theta" + id, "Faults against the window θ" + suffix,
                        "window θ (references)", true, windows));
                figures.add(lifetimes("lifetime" + id, "Lifetime curves" + suffix, curves));
            }
        });
        return figures;
    }

    private static Figure faults(String id, String title, String xLabel, boolean window, List<Curve> curves) {
        List<Series> series = curves.stream().map(c -> Series.line(c.label, c.sizes, c.faults)).toList();
        Axis x = window ? Axis.fitting(xLabel, all(series, true)) : framesAxis(xLabel, series);
        return Figure.lines(id, title, x, Axis.fitting("faults", all(series, false)), series, List.of());
    }

    /** Lifetime = measured references per fault; points without a fault (an infinite lifetime) are left out. */
    private static Figure lifetimes(String id, String title, List<Curve> curves) {
        List<Series> series = new ArrayList<>();
        for (Curve c : curves) {
            if (c.meanResident.length != c.faults.length) {
                continue;
            }
            double[] x = new double[c.faults.length];
            double[] y = new double[c.faults.length];
            int n = 0;
            for (int i = 0; i < c.faults.length; i++) {
                if (c.faults[i] > 0) {
                    x[n] = c.meanResident[i];
                    y[n++] = c.references / c.faults[i];
                }
            }
            series.add(Series.line(c.label, Arrays.copyOf(x, n), Arrays.copyOf(y, n)));
        }
        return Figure.lines(id, title, Axis.linear("mean resident pages"),
                Axis.fitting("lifetime (references per fault)", all(series, false)), series, List.of());
    }

    /**
     * Frames read best on a linear scale, memory sizes side by side, unless one curve is a hundred times longer
     * than another (NOFREE's virtual size against the others' on PQSIM): then the short ones would be squeezed
     * against the axis, and a log scale shows them all.
     */
    public static Axis framesAxis(String label, List<Series> series) {
        double[] lengths = series.stream().mapToDouble(s -> s.x().length).filter(n -> n > 0).toArray();
        double shortest = DoubleStream.of(lengths).min().orElse(1);
        double longest = DoubleStream.of(lengths).max().orElse(1);
        return Axis.fitting(label, shortest, longest);
    }

    private static double[] all(List<Series> series, boolean x) {
        return series.stream().flatMapToDouble(s -> DoubleStream.of(x ? s.x() : s.y())).toArray();
    }
}
