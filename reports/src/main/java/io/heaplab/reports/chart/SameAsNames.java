package io.heaplab.reports.chart;

import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Legend names that say when a series is drawn exactly over an earlier one ({@code "brent-ff (the same as
 * first-fit)"}): a line under another of the same points would vanish, and a reader would think it missing.
 */
final class SameAsNames {

    private SameAsNames() {
    }

    /**
     * The series' names in order, each that has the same points as an earlier series of the same style suffixed with
     * {@code " (the same as <that one's name>)"}, naming the first of them. A series without a value to draw is never
     * called the same as another.
     */
    static List<String> of(List<Series> series) {
        return of(series, true);
    }

    /**
     * As {@link #of(List)}; without {@code points}, published points are never called the same as others (on a bar
     * chart each sits over its own bar, where nothing hides it).
     */
    static List<String> of(List<Series> series, boolean points) {
        List<String> names = new ArrayList<>(series.size());
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String under = null;
            boolean judged = drawsSomething(s) && (points || s.style() != Series.Style.POINTS);
            for (int j = 0; j < i && under == null && judged; j++) {
                Series earlier = series.get(j);
                if (earlier.style() == s.style() && Arrays.equals(earlier.x(), s.x())
                        && Arrays.equals(earlier.y(), s.y()) && !earlier.name().equals(s.name())) {
                    under = earlier.name();
                }
            }
            names.add(under == null ? s.name() : s.name() + " (the same as " + under + ")");
        }
        return names;
    }

    private static boolean drawsSomething(Series s) {
        return Arrays.stream(s.y()).anyMatch(Double::isFinite);
    }
}
