package io.heaplab.reports.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AxisTest {

    @Test
    void goesLogarithmicWhenThePositiveValuesSpanTwoDecades() {
        assertThat(Axis.fitting("faults", 5, 499).log()).isFalse();
        assertThat(Axis.fitting("faults", 5, 500).log()).isTrue();
        // zeros cannot be drawn on a log axis, but they do not stop a curve's tail from being shown on one
        assertThat(Axis.fitting("faults", 0, 5, 500).log()).isTrue();
        assertThat(Axis.fitting("faults", 0, 0).log()).isFalse();
        assertThat(Axis.fitting("faults").log()).isFalse();
    }
}
