package io.heaplab.reports.chart;

import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Which palette colour each series of a figure is drawn in, pairing published points with their measured line. */
final class SeriesColours {

    /** The name suffix of published values drawn beside the measured series of the same base name. */
    static final String PAPER_SUFFIX = " (paper)";

    private SeriesColours() {
    }

    /**
     * One colour per series, in order. A {@link Series.Style#POINTS} series named {@code "<base> (paper)"} takes the
     * colour of the {@link Series.Style#LINE} series named {@code "<base>"}, so a strategy's measured line and its
     * published points read as one; every other series takes the next palette colour.
     */
    static List<Color> of(List<Series> series) {
        Map<String, Integer> lineIndex = new HashMap<>();
        for (int i = 0; i < series.size(); i++) {
            if (series.get(i).style() == Series.Style.LINE) {
                lineIndex.putIfAbsent(series.get(i).name(), i);
            }
        }
        // Palette slots are handed out only to series that do not borrow a colour, so pairs do not leave gaps.
        int[] slot = new int[series.size()];
        int next = 0;
        for (int i = 0; i < series.size(); i++) {
            Integer base = baseLine(series.get(i), lineIndex);
            slot[i] = base == null ? next++ : -1;
        }
        List<Color> colours = new ArrayList<>(series.size());
        for (int i = 0; i < series.size(); i++) {
            Integer base = baseLine(series.get(i), lineIndex);
            colours.add(Palette.colour(base == null ? slot[i] : slot[base]));
        }
        return colours;
    }

    private static Integer baseLine(Series s, Map<String, Integer> lineIndex) {
        if (s.style() != Series.Style.POINTS || !s.name().endsWith(PAPER_SUFFIX)) {
            return null;
        }
        return lineIndex.get(s.name().substring(0, s.name().length() - PAPER_SUFFIX.length()));
    }
}
