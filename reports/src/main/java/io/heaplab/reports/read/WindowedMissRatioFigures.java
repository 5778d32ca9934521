package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The miss ratio against virtual time of a replay's policies, as libCacheSim's windowed miss ratio is drawn: a line
 * per fixed-memory policy in one figure, and for each one-pass curve a figure of its own with a line per memory size
 * (or window), a few sizes spread evenly in their logarithm. A policy's phases, and the cold start a warm-up leaves
 * out (marked where the measured phase begins), show where one number per policy hides them. Each point is a window,
 * at its end.
 */
final class WindowedMissRatioFigures {

    /** The most sizes of a curve drawn as lines over time; the file holds the others. */
    static final int MOST_LINES = 5;

    private WindowedMissRatioFigures() {
    }

    /**
     * The figures of {@code document}'s {@code windows} (a replay's file, or a stream of a curves file), labelled
     * {@code label}; none when it has no windows (an older file, or only OPT) or a single one.
     */
    static List<Figure> of(String label, String context, JsonNode document) {
        JsonNode windows = document.path("windows");
        double[] ends = Nodes.doubles(windows.path("ends"));
        if (ends.length < 2) {
            return List.of();
        }
        long measuredFrom = document.path("measuredFrom").asLong();
        List<Marker> markers = measuredFrom > 0 ? List.of(new Marker("measured from here", measuredFrom))
                : List.of();
        String lengths = "windows of " + windows.path("length").asLong() + " references"
                + (context.isEmpty() ? "" : ", " + context);
        List<Figure> figures = new ArrayList<>();
        List<Series> series = new ArrayList<>();
        windows.path("missRatio").properties().forEach(e ->
                series.add(Series.line(e.getKey(), ends, Nodes.doubles(e.getValue()))));
        if (!series.isEmpty()) {
            figures.add(Figure.lines("miss-ratio-over-time-" + Ids.slug(label), "Miss ratio over time, " + label
                    + " (" + lengths + ")", Axis.linear("virtual time (references)"),
                    Axis.linear("miss ratio in the window"), series, markers));
        }
        windows.path("curves").properties().forEach(e -> {
            String policy = e.getKey();
            boolean window = false;
            for (JsonNode curve : document.path("curves")) {
                window |= policy.equals(curve.path("policy").asText()) && "window".equals(curve.path("axis").asText());
            }
            double[] sizes = Nodes.doubles(e.getValue().path("sizes"));
            JsonNode ratios = e.getValue().path("missRatio");
            List<Series> lines = new ArrayList<>();
            for (int k : spread(sizes)) {
                long size = (long) sizes[k];
                lines.add(Series.line(window ? "window " + size : size + (size == 1 ? " frame" : " frames"), ends,
                        Nodes.doubles(ratios.path(k))));
            }
            figures.add(Figure.lines("miss-ratio-over-time-" + Ids.slug(label + "-" + policy), "Miss ratio over "
                    + "time, " + policy + ", " + label + " (" + lengths + ")", Axis.linear("virtual time (references)"),
                    Axis.linear("miss ratio in the window"), lines, markers));
        });
        return figures;
    }

    /**
     * The indices of at most {@value #MOST_LINES} of {@code sizes} (increasing), the first, the last and those
     * nearest to evenly spaced points of the logarithm between them.
     */
    static List<Integer> spread(double[] sizes) {
        List<Integer> picked = new ArrayList<>();
        if (sizes.length == 0) {
            return picked;
        }
        double low = Math.log(sizes[0]);
        double high = Math.log(sizes[sizes.length - 1]);
        int lines = Math.min(MOST_LINES, sizes.length);
        for (int j = 0; j < lines; j++) {
            double target = lines == 1 ? high : low + (high - low) * j / (lines - 1);
            int nearest = 0;
            for (int k = 1; k < sizes.length; k++) {
                if (Math.abs(Math.log(sizes[k]) - target) < Math.abs(Math.log(sizes[nearest]) - target)) {
                    nearest = k;
                }
            }
            if (!picked.contains(nearest)) {
                picked.add(nearest);
            }
        }
        return picked;
    }
}
