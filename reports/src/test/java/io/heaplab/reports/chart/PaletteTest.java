package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.junit.jupiter.api.Test;

class PaletteTest {

    /** WCAG's least contrast for a graphical object that must be seen. */
    private static final double SEEN = 3;

    @Test
    void aPublishedPointsRimStandsOutAgainstItsFillOnEveryColourAndThePointAgainstTheBackground() {
        for (Color fill : Palette.COLOURS) {
            Color rim = Palette.rim(fill);
            // on a bar of its own colour, the rim is what shows
            assertThat(Palette.contrast(rim, fill)).as("rim %s on %s", rim, fill).isGreaterThanOrEqualTo(SEEN);
            // on the white background, the rim or the fill
            assertThat(Math.max(Palette.contrast(rim, Theme.BACKGROUND), Palette.contrast(fill, Theme.BACKGROUND)))
                    .as("point %s on white", fill).isGreaterThanOrEqualTo(SEEN);
        }
        assertThat(Palette.rim(new Color(0xF0E442))).isEqualTo(Theme.TEXT);
        assertThat(Palette.rim(Color.BLACK)).isEqualTo(Theme.BACKGROUND);
    }

    @Test
    void pastThePalettesEndAColourComesRoundOnADashedLineWithAnotherShape() {
        List<Series> lines = new ArrayList<>();
        double[] x = {1, 2};
        for (int i = 0; i <= Palette.COLOURS.size(); i++) {
            lines.add(Series.line("s" + i, x, new double[] {i, i + 1}));
        }
        XYItemRenderer renderer = ((XYPlot) Charts.chart(Figure.lines("many", "Nine lines", Axis.linear("x"),
                Axis.linear("y"), lines, List.of())).getPlot()).getRenderer();
        int again = Palette.COLOURS.size();
        assertThat(renderer.getSeriesPaint(again)).isEqualTo(renderer.getSeriesPaint(0));
        assertThat(((BasicStroke) renderer.getSeriesStroke(0)).getDashArray()).isNull();
        assertThat(((BasicStroke) renderer.getSeriesStroke(again)).getDashArray()).isNotEmpty();
        assertThat(renderer.getSeriesShape(again)).isNotEqualTo(renderer.getSeriesShape(0));
        assertThat(Palette.round(again - 1)).isZero();
        assertThat(Palette.round(again)).isOne();
    }

    @Test
    void pastThePalettesEndABarOfAColourComeRoundIsRinged() {
        List<Series> bars = new ArrayList<>();
        for (int i = 0; i <= Palette.COLOURS.size(); i++) {
            bars.add(Series.bars("s" + i, new double[] {i + 1}, new double[0]));
        }
        CategoryItemRenderer renderer = ((CategoryPlot) Charts.chart(Figure.bars("many", "Nine bars", "run",
                Axis.linear("y"), List.of("one"), bars)).getPlot()).getRenderer();
        int again = Palette.COLOURS.size();
        assertThat(renderer.getSeriesPaint(again)).isEqualTo(renderer.getSeriesPaint(0));
        // the first of a colour is outlined in its own colour, which does not show; the second in the text colour
        assertThat(renderer.getSeriesOutlinePaint(0)).isEqualTo(renderer.getSeriesPaint(0));
        assertThat(renderer.getSeriesOutlinePaint(again)).isEqualTo(Theme.TEXT);
    }
}
