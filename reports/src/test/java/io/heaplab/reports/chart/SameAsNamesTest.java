package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SameAsNamesTest {

    private static final double[] REQUESTS = {0, 100, 200};

    @Test
    void aSeriesWithAnEarliersPointsNamesTheFirstOfThem() {
        List<Series> heap = List.of(Series.line("first-fit", REQUESTS, new double[] {0, 4, 8}),
                Series.line("best-fit", REQUESTS, new double[] {0, 4, 6}),
                Series.line("brent-ff", REQUESTS, new double[] {0, 4, 8}),
                Series.line("tlsf", REQUESTS, new double[] {0, 4, 6}),
                Series.line("mru", REQUESTS, new double[] {0, 4, 8}),
                // the same heights at other requests: not drawn over first-fit
                Series.line("buddy", new double[] {0, 50, 200}, new double[] {0, 4, 8}));
        assertThat(SameAsNames.of(heap)).containsExactly("first-fit", "best-fit",
                "brent-ff (the same as first-fit)", "tlsf (the same as best-fit)", "mru (the same as first-fit)",
                "buddy");
    }

    @Test
    void publishedPointsAreNotTheSameAsAMeasuredLineNorAnEmptySeriesAsAnother() {
        double[] y = {1, 2, 3};
        List<Series> series = List.of(Series.line("stack", REQUESTS, y),
                new Series("stack (paper)", Series.Style.POINTS, REQUESTS, y, new double[0]),
                Series.line("none", REQUESTS, new double[] {Double.NaN, Double.NaN, Double.NaN}),
                Series.line("none either", REQUESTS, new double[] {Double.NaN, Double.NaN, Double.NaN}));
        assertThat(SameAsNames.of(series)).containsExactly("stack", "stack (paper)", "none", "none either");
    }

    @Test
    void everyChartKindSaysItInItsLegend() {
        Figure lines = Figure.lines("heap-over-time", "The heap over the run", Axis.linear("requests"),
                Axis.linear("heap, KB"), List.of(Series.line("first-fit", REQUESTS, new double[] {1, 4, 8}),
                        Series.line("brent-ff", REQUESTS, new double[] {1, 4, 8})), List.of());
        assertThat(legend(lines)).containsExactly("first-fit", "brent-ff (the same as first-fit)");
        Figure bars = Figure.bars("ratio", "ns/op over malloc's", "strategy", Axis.linear("ratio"),
                List.of("small", "large"), List.of(Series.bars("best-fit", new double[] {2, 3}, new double[0]),
                        Series.bars("tlsf", new double[] {2, 3}, new double[0])));
        assertThat(legend(bars)).containsExactly("best-fit", "tlsf (the same as best-fit)");
    }

    private static List<String> legend(Figure figure) {
        List<String> labels = new ArrayList<>();
        org.jfree.chart.LegendItemCollection items = Charts.chart(figure).getPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        return labels;
    }
}
