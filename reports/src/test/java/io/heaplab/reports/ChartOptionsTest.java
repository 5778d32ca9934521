package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.reports.ChartOptions.Scale;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartOptionsTest {

    private static final Figure CURVE = Figure.lines("curve", "Faults", Axis.linear("frames"),
            Axis.fitting("faults", 1000, 10), List.of(Series.line("lru", new double[] {1, 2}, new double[] {1000, 10})),
            List.of());
    private static final Figure UTILIZATION = Figure.lines("busy", "Busy", Axis.linear("θ"),
            Axis.linear("utilization").over(0, 1), List.of(), List.of());
    private static final Figure BARS = Figure.bars("ratio", "Ratio", "strategy", Axis.linear("ns/op"), List.of("a"),
            List.of(Series.bars("x", new double[] {1}, new double[0])));

    @Test
    void autoLeavesEveryAxisAsTheDataChoseIt() {
        assertThat(ChartOptions.DEFAULT.apply(CURVE)).isEqualTo(CURVE);
    }

    @Test
    void aForcedScaleTurnsEveryLineChartsAxisAndEveryValueAxis() {
        ChartOptions options = new ChartOptions(Scale.LOG, Scale.LINEAR, 800, 500);
        Figure curve = options.apply(CURVE);
        assertThat(curve.x().log()).isTrue();
        assertThat(curve.y().log()).isFalse();
        assertThat(curve.series()).isEqualTo(CURVE.series());
        // a bar chart's x axis is its categories: only the value axis takes a scale
        Figure bars = new ChartOptions(Scale.LOG, Scale.LOG, 800, 500).apply(BARS);
        assertThat(bars.x()).isEqualTo(BARS.x());
        assertThat(bars.y().log()).isTrue();
    }

    @Test
    void aFixedRangeFromZeroCannotBeLogAndIsFittedToTheData() {
        Figure forced = new ChartOptions(Scale.AUTO, Scale.LOG, 800, 500).apply(UTILIZATION);
        assertThat(forced.y()).isEqualTo(Axis.logarithmic("utilization"));
        Axis positive = Axis.linear("ratio").over(0.5, 2);
        assertThat(ChartOptions.scaled(positive, Scale.LOG)).isEqualTo(new Axis("ratio", true, 0.5, 2.0));
        assertThat(ChartOptions.scaled(new Axis("ratio", true, 0.5, 2.0), Scale.LINEAR)).isEqualTo(positive);
    }

    @Test
    void scalesAndSizesAreReadFromTheirTextOrNamedWrong() {
        assertThat(Scale.parse("log")).isEqualTo(Scale.LOG);
        assertThat(Scale.parse("linear")).isEqualTo(Scale.LINEAR);
        assertThat(Scale.parse("auto")).isEqualTo(Scale.AUTO);
        assertThatThrownBy(() -> Scale.parse("Log")).hasMessage("Log (expected: auto, log or linear)");
        ChartOptions big = ChartOptions.DEFAULT.sized("1200x750");
        assertThat(big.width()).isEqualTo(1200);
        assertThat(big.height()).isEqualTo(750);
        assertThatThrownBy(() -> ChartOptions.DEFAULT.sized("1200*750"))
                .hasMessage("1200*750 (expected: WIDTHxHEIGHT in pixels, such as 1200x750)");
        assertThatThrownBy(() -> ChartOptions.DEFAULT.sized("199x500"))
                .hasMessage("199x500 (expected: a width and height from 200 to 8000 pixels)");
        assertThatThrownBy(() -> ChartOptions.DEFAULT.sized("800x8001"))
                .hasMessage("800x8001 (expected: a width and height from 200 to 8000 pixels)");
        assertThatThrownBy(() -> ChartOptions.DEFAULT.sized("99999999999x500"))
                .hasMessageContaining("expected: WIDTHxHEIGHT");
    }
}
