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

    /**
     * How many times the colours have come round before the {@code index}-th series: 0 for the first eight, 1 for the
     * next eight... A series of a later round is told from the one of its colour by its dash and shape ({@link
     * Theme#line}, {@link Theme#measured}, {@link Theme#barOutline}).
     */
    static int round(int index) {
        return Math.floorDiv(Math.max(index, 0), COLOURS.size());
    }

    /**
     * The rim that stands out against {@code fill} (and so against a bar of that colour beneath it): white around a
     * dark colour, near-black around a light one, whichever has the greater contrast by WCAG's relative luminance. A
     * point ringed so is seen on every palette colour and on the white background alike.
     */
    static Color rim(Color fill) {
        double l = luminance(fill);
        double againstWhite = (1.05) / (l + 0.05);
        double againstDark = (l + 0.05) / (luminance(Theme.TEXT) + 0.05);
        return againstWhite > againstDark ? Theme.BACKGROUND : Theme.TEXT;
    }

    /** WCAG's relative luminance of an sRGB colour, from 0 (black) to 1 (white). */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    /** The contrast ratio of two colours by WCAG, from 1 (the same) to 21 (black on white). */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
