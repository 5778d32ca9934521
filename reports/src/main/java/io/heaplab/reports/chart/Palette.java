package io.heaplab.reports.chart;

import java.awt.Color;
import java.util.List;

/** The fixed series colours: the Okabe-Ito palette, which stays distinct under the common colour-vision deficiencies. */
final class Palette {

    // Ordered so the first few series get the strongest contrast on white; yellow and black come last because
    // yellow is faint on white and black reads as an axis or a marker.
    static final List<Color> COLOURS = List.of(
            new Color(0x0072B2),  // blue
            new Color(0xD55E00),  // vermillion
            new Color(0x009E73),  // bluish green
            new Color(0xCC79A7),  // reddish purple
            new Color(0xE69F00),  // orange
            new Color(0x56B4E9),  // sky blue
            new Color(0xF0E442),  // yellow
            new Color(0x000000)); // black

    private Palette() {
    }

    /** The colour of the {@code index}-th distinctly coloured series; the palette repeats past its end. */
    static Color colour(int index) {
        return COLOURS.get(Math.floorMod(index, COLOURS.size()));
    }
}
