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

    @Test
    void aReportsSchemeGivesAStrategyOneColourInEveryChart() {
        double[] xs = {1, 2};
        io.heaplab.reports.model.Figure first = io.heaplab.reports.model.Figure.lines("a", "a",
                io.heaplab.reports.model.Axis.linear("x"), io.heaplab.reports.model.Axis.linear("y"),
                List.of(Series.line("stack", xs, xs), Series.line("mru", xs, xs)), List.of());
        io.heaplab.reports.model.Figure second = io.heaplab.reports.model.Figure.lines("b", "b",
                io.heaplab.reports.model.Axis.linear("x"), io.heaplab.reports.model.Axis.linear("y"),
                List.of(Series.line("mru", xs, xs), SampleFigures.paper("stack", xs, xs)), List.of());
        io.heaplab.reports.model.Report report = new io.heaplab.reports.model.Report("r", List.of(), List.of(
                new io.heaplab.reports.model.Section("s", "", java.util.Map.of(), java.util.Map.of(), List.of(),
                        List.of(), List.of(first, second))));
        ColourScheme scheme = ColourScheme.of(report);
        // on its own the second chart would draw mru in the first colour; in the report mru keeps its second
        assertThat(SeriesColours.of(second.series())).containsExactly(Palette.colour(0), Palette.colour(1));
        assertThat(SeriesColours.of(second.series(), scheme)).containsExactly(Palette.colour(1), Palette.colour(0));
        assertThat(SeriesColours.of(first.series(), scheme)).containsExactly(Palette.colour(0), Palette.colour(1));
        // a name in one chart only takes the first colour its chart leaves free, not one past every shared name
        List<Series> own = List.of(Series.line("mru", xs, xs), Series.line("6 frames", xs, xs),
                Series.line("12 frames", xs, xs));
        assertThat(SeriesColours.of(own, scheme)).containsExactly(Palette.colour(1), Palette.colour(0),
                Palette.colour(2));
    }
}
