package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummaryTest {

    @Test
    void oneValueHasNoSpread() {
        Summary s = Summary.of(42);
        assertThat(s.mean()).isEqualTo(42);
        assertThat(s.sd()).isZero();
        assertThat(s.format(1)).isEqualTo("42.0");
    }

    @Test
    void theSpreadIsTheSampleStandardDeviation() {
        Summary s = Summary.of(2, 4, 4, 4, 5, 5, 7, 9);
        assertThat(s.mean()).isEqualTo(5);
        // sum of squares 32 over n - 1 = 7
        assertThat(s.sd()).isCloseTo(Math.sqrt(32.0 / 7), within(1e-12));
        assertThat(s.count()).isEqualTo(8);
        assertThat(s.format(2)).isEqualTo("5.00 ± 2.14");
    }
}
