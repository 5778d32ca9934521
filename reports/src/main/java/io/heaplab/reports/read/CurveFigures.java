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

    /**
     * One curve: its points by size, with the mean resident pages and measured references to get lifetimes, and the
     * standard deviation of the faults at each point when it is the mean of several seeds' curves (else empty).
     */
    private record Curve(String label, boolean window, double[] sizes, double[] faults, double[] meanResident,
                         double references, double[] sd) {

        Curve(String label, boolean window, double[] sizes, double[] faults, double[] meanResident,
              double references) {
            this(label, window, sizes, faults, meanResident, references, new double[0]);
        }

        /** The value of {@code values} at {@code size}: past a frames curve's end it stays at its last. */
        double at(double[] values, double size) {
            int i = Arrays.binarySearch(sizes, size);
            if (i >= 0) {
                return values[i];
            }
            return !window && size > sizes[sizes.length - 1] ? values[values.length - 1] : Double.NaN;
        }
    }

    private final Map<String, List<Curve>> groups = new LinkedHashMap<>();

    /** What was run, for the titles (the workload or trace, the page size); empty when the section says it. */
    private final String context;

    /** The unit of a frame, for the frames axis: {@code "frames (512-byte pages)"}. */
    private final String framesLabel;

    /** Curves of what {@code context} names, on pages of {@code pageSize} ({@code null} when not known). */
    CurveFigures(String context, String pageSize) {
        this.context = context;
        this.framesLabel = pageSize == null || pageSize.isEmpty() || pageSize.equals("0") ? "frames"
                : "frames (" + pageSize + "-byte pages)";
    }

    /** Adds one curve of a run or a replay to {@code group}, drawn as {@code label}. */
    void addCurve(String group, String label, JsonNode curve) {
        add(group, new Curve(label, "window".equals(curve.path("axis").asText()),
                Nodes.doubles(curve.path("sizes")), Nodes.doubles(curve.path("faults")),
                Nodes.doubles(curve.path("meanResident")), curve.path("references").asDouble()));
    }

    /** Adds one curve of a {@code heaplab curve} file to {@code group}. */
    void addCurve(String group, JsonNode curve) {
        addCurve(group, curve.path("policy").asText(), curve);
    }

    private void add(String group, Curve curve) {
        groups.computeIfAbsent(group, g -> new ArrayList<>()).add(curve);
    }

    /**
     * The curves of one label (the same run under several seeds) as one: at each size every curve has (a frames
     * curve stays flat past the pages it touched), the mean faults and mean resident pages, with the faults'
     * standard deviation.
     */
    private static Curve mean(List<Curve> seeds) {
        Curve first = seeds.getFirst();
        double[] sizes = seeds.stream().flatMapToDouble(c -> DoubleStream.of(c.sizes)).distinct().sorted()
                .filter(size -> seeds.stream().allMatch(c -> !Double.isNaN(c.at(c.faults, size)))).toArray();
        double[] faults = new double[sizes.length];
        double[] sd = new double[sizes.length];
        boolean resident = seeds.stream().allMatch(c -> c.meanResident.length == c.faults.length);
        double[] meanResident = new double[resident ? sizes.length : 0];
        for (int i = 0; i < sizes.length; i++) {
            double size = sizes[i];
            io.heaplab.reports.Summary f = io.heaplab.reports.Summary.of(seeds.stream()
                    .mapToDouble(c -> c.at(c.faults, size)).toArray());
            faults[i] = f.mean();
            sd[i] = f.sd();
            if (resident) {
                meanResident[i] = seeds.stream().mapToDouble(c -> c.at(c.meanResident, size)).average().orElse(0);
            }
        }
        double references = seeds.stream().mapToDouble(Curve::references).average().orElse(0);
        return new Curve(first.label, first.window, sizes, faults, meanResident, references, sd);
    }

    /** The curves of a group with those of one label (several seeds) merged into their mean. */
    private static List<Curve> merged(List<Curve> curves) {
        Map<String, List<Curve>> byLabel = new LinkedHashMap<>();
        curves.forEach(c -> byLabel.computeIfAbsent(c.label + (c.window ? "\n" : ""), l -> new ArrayList<>()).add(c));
        return byLabel.values().stream().map(list -> list.size() == 1 ? list.getFirst() : mean(list)).toList();
    }

    /** The figures of every group, in the order the groups first appeared. */
    List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        groups.forEach((group, all) -> {
            List<Curve> curves = merged(all);
            String suffix = (group.isEmpty() ? "" : ", " + group) + (context.isEmpty() ? "" : " (" + context + ")");
            String id = group.isEmpty() ? "" : "-" + Ids.slug(group);
            List<Curve> frames = curves.stream().filter(c -> !c.window).toList();
            List<Curve> windows = curves.stream().filter(Curve::window).toList();
            if (!frames.isEmpty()) {
                figures.add(faults("faults-frames" + id, "Faults against memory size" + suffix, framesLabel, false,
                        frames));
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
        // a line drawn exactly over another (VMIN faults as WS does at every window) is named so in the chart's
        // legend, as in every chart
        List<Series> series = new ArrayList<>();
        for (Curve c : curves) {
            series.add(new Series(c.label, Series.Style.LINE, c.sizes, c.faults, c.sd));
        }
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
     * Frames read best on a linear scale, memory sizes side by side, unless one curve is ten times longer than
     * another (NOFREE's 16,000 frames of virtual size against the others' hundreds on Brent's runs): then the short
     * ones would be squeezed into the first pixels against the axis, and a log scale shows them all.
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
