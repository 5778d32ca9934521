package io.heaplab.reports.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AxisTest {

    @Test
    void linesGoLogarithmicWhenThePositiveValuesSpanADecade() {
        assertThat(Axis.fitting("faults", 5, 49.9).log()).isFalse();
        assertThat(Axis.fitting("faults", 5, 50).log()).isTrue();
        // zeros cannot be drawn on a log axis, but they do not stop a curve's tail from being shown on one
        assertThat(Axis.fitting("faults", 0, 5, 500).log()).isTrue();
        // a measure that crosses zero is only readable on a linear axis
        assertThat(Axis.fitting("change", -1, 5, 500).log()).isFalse();
        assertThat(Axis.fitting("faults", Double.NaN, 5, 500).log()).isTrue();
        assertThat(Axis.fitting("faults", 0, 0).log()).isFalse();
        assertThat(Axis.fitting("faults").log()).isFalse();
    }

    @Test
    void barsGoLogarithmicOnlyWhenEveryBarIsPositive() {
        assertThat(Axis.fitting("ns/op", Axis.LOG_RATIO, new double[] {0.5, 5}).log()).isTrue();
        assertThat(Axis.fitting("ns/op", Axis.LOG_RATIO, new double[] {0.5, 4.9}).log()).isFalse();
        // a bar of zero on a log axis would vanish, as if it were missing
        assertThat(Axis.fitting("rejections", Axis.LOG_RATIO, new double[] {0, 0.5, 50}).log()).isFalse();
        // a missing bar (a figure the paper lacks) does not count
        assertThat(Axis.fitting("ratio", Axis.LOG_RATIO, new double[] {Double.NaN, 0.5, 50}).log()).isTrue();
    }
}
