package io.heaplab.reports.chart;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which palette slot each series of a chart takes. A name drawn in several charts of a report (a strategy, a
 * policy) keeps one slot in all of them; a name drawn in one chart only takes the first slot its chart leaves free;
 * a published series ({@code "<name> (paper)"}) takes its measured one's.
 */
public final class ColourScheme {

    /** The slots of the names shared by several charts, in the order they first appear. */
    private final Map<String, Integer> shared;

    private ColourScheme(Map<String, Integer> shared) {
        this.shared = shared;
    }

    /** The colours of charts drawn on their own: every series takes the palette in order. */
    static ColourScheme none() {
        return new ColourScheme(Map.of());
    }

    /** One slot per name drawn in more than one figure of {@code report}. */
    public static ColourScheme of(Report report) {
        Map<String, Integer> figures = new LinkedHashMap<>();
        for (Section section : report.sections()) {
            for (Figure figure : section.figures()) {
                figure.series().stream().map(ColourScheme::base).distinct()
                        .forEach(name -> figures.merge(name, 1, Integer::sum));
            }
        }
        Map<String, Integer> shared = new HashMap<>();
        figures.forEach((name, count) -> {
            if (count > 1) {
                shared.put(name, shared.size());
            }
        });
        return new ColourScheme(shared);
    }

    /** The name a series is coloured by: a published series' measured name. */
    static String base(Series s) {
        String name = s.name();
        return s.style() == Series.Style.POINTS && name.endsWith(SeriesColours.PAPER_SUFFIX)
                ? name.substring(0, name.length() - SeriesColours.PAPER_SUFFIX.length()) : name;
    }

    /** The palette slot of each of one chart's series, in order. */
    int[] slots(List<Series> series) {
        Set<Integer> taken = new HashSet<>();
        for (Series s : series) {
            Integer slot = shared.get(base(s));
            if (slot != null) {
                taken.add(slot);
            }
        }
        Map<String, Integer> local = new HashMap<>();
        int next = 0;
        int[] slots = new int[series.size()];
        for (int i = 0; i < slots.length; i++) {
            String name = base(series.get(i));
            Integer slot = shared.get(name);
            if (slot == null) {
                slot = local.get(name);
            }
            if (slot == null) {
                while (taken.contains(next)) {
                    next++;
                }
                slot = next;
                taken.add(slot);
                local.put(name, slot);
            }
            slots[i] = slot;
        }
        return slots;
    }
}
