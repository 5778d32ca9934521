package io.heaplab.reports.chart;

import io.heaplab.reports.model.Series;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/** Which palette colour each series of a figure is drawn in, pairing published points with their measured line. */
final class SeriesColours {

    /** The name suffix of published values drawn beside the measured series of the same base name. */
    static final String PAPER_SUFFIX = " (paper)";

    private SeriesColours() {
    }

    /**
     * One colour per series, in order, from {@code scheme}: a series named {@code "<base> (paper)"} takes the
     * colour of the series named {@code "<base>"}, so a strategy's measured line and its published points read as
     * one.
     */
    static List<Color> of(List<Series> series) {
        return of(series, ColourScheme.none());
    }

    /** As {@link #of(List)}, the colours taken from a scheme shared with other charts. */
    static List<Color> of(List<Series> series, ColourScheme scheme) {
        List<Color> colours = new ArrayList<>(series.size());
        for (int slot : scheme.slots(series)) {
            colours.add(Palette.colour(slot));
        }
        return colours;
    }

    /** The palette round of each series ({@link Palette#round}), in order, by the slots of {@code scheme}. */
    static int[] rounds(List<Series> series, ColourScheme scheme) {
        int[] slots = scheme.slots(series);
        int[] rounds = new int[slots.length];
        for (int i = 0; i < slots.length; i++) {
            rounds[i] = Palette.round(slots[i]);
        }
        return rounds;
    }
}
