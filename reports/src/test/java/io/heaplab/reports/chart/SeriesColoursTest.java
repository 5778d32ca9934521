package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Series;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesColoursTest {

    @Test
    void publishedPointsTakeTheColourOfTheirMeasuredLine() {
        double[] xs = {1, 2};
        List<Series> series = List.of(
                Series.line("first-fit", xs, xs),
                Series.line("best-fit", xs, xs),
                SampleFigures.paper("best-fit", xs, xs),
                SampleFigures.paper("first-fit", xs, xs),
                SampleFigures.paper("buddy", xs, xs),
                // a measured line whose name merely ends like a paper series borrows nothing
                Series.line("next-fit (paper)", xs, xs));

        assertThat(SeriesColours.of(series)).containsExactly(Palette.colour(0), Palette.colour(1), Palette.colour(1),
                Palette.colour(0), Palette.colour(2), Palette.colour(3));
    }

    @Test
    void thePaletteRepeatsRatherThanRunningOut() {
        assertThat(Palette.colour(Palette.COLOURS.size())).isEqualTo(Palette.colour(0));
        assertThat(Palette.COLOURS).doesNotHaveDuplicates();
    }
}
