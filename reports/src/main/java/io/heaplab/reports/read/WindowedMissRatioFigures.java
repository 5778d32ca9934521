package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The miss ratio against virtual time of a replay's fixed-memory policies, a line per policy, as libCacheSim's
 * windowed miss ratio is drawn: a policy's phases, and the cold start a warm-up leaves out (marked where the
 * measured phase begins), show where one number per policy hides them. Each point is a window, at its end.
 */
final class WindowedMissRatioFigures {

    private WindowedMissRatioFigures() {
    }

    /**
     * The figure of {@code document}'s {@code windows}, labelled {@code label}; none when the replay has no
     * windows (an older file, or only curves) or a single one.
     */
    static List<Figure> of(String label, String context, JsonNode document) {
        JsonNode windows = document.path("windows");
        double[] ends = Nodes.doubles(windows.path("ends"));
        if (ends.length < 2) {
            return List.of();
        }
        List<Series> series = new ArrayList<>();
        windows.path("missRatio").properties().forEach(e ->
                series.add(Series.line(e.getKey(), ends, Nodes.doubles(e.getValue()))));
        if (series.isEmpty()) {
            return List.of();
        }
        long measuredFrom = document.path("measuredFrom").asLong();
        List<Marker> markers = measuredFrom > 0 ? List.of(new Marker("measured from here", measuredFrom))
                : List.of();
        String title = "Miss ratio over time, " + label + " (windows of " + windows.path("length").asLong()
                + " references" + (context.isEmpty() ? "" : ", " + context) + ")";
        return List.of(Figure.lines("miss-ratio-over-time-" + Ids.slug(label), title,
                Axis.linear("virtual time (references)"), Axis.linear("miss ratio in the window"), series,
                markers));
    }
}
