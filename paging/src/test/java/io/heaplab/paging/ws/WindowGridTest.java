package io.heaplab.paging.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class WindowGridTest {

    @Test
    void everyWindowTo128ThenSixteenPerDoublingTo2To62ThenTheLargestLong() {
        assertThat(WindowGrid.POINTS).isEqualTo(1009);
        assertThat(WindowGrid.points(130)).startsWith(1, 2, 3).endsWith(127, 128, 136, 144);
        assertThat(WindowGrid.point(143)).isEqualTo(256);
        assertThat(WindowGrid.point(144)).isEqualTo(272);
        assertThat(WindowGrid.point(159)).isEqualTo(512);
        assertThat(WindowGrid.point(1007)).isEqualTo(1L << 62);
        assertThat(WindowGrid.point(1008)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> WindowGrid.point(1009)).hasMessage("index: 1009 (expected: 0..1008)");
    }

    @Test
    void eachPointIsTheUpperBoundOfItsBucket() {
        for (int i = 0; i < WindowGrid.POINTS; i++) {
            long point = WindowGrid.point(i);
            assertThat(WindowGrid.index(point)).as("point %d", point).isEqualTo(i);
            if (i > 0) {
                long previous = WindowGrid.point(i - 1);
                assertThat(point).isGreaterThan(previous);
                assertThat(WindowGrid.index(previous + 1)).as("after %d", previous).isEqualTo(i);
                // at most 1/16 of the window apart, but for the last point, which takes whatever is longer
                if (i < WindowGrid.POINTS - 1) {
                    assertThat(point - previous).isLessThanOrEqualTo(Math.max(1, point / 16));
                }
            }
        }
    }

    @Property(tries = 1000)
    void anyWindowFallsInTheBucketOfTheSmallestPointNotBelowIt(
            @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long window) {
        int at = WindowGrid.index(window);
        assertThat(WindowGrid.point(at)).isGreaterThanOrEqualTo(window);
        if (at > 0) {
            assertThat(WindowGrid.point(at - 1)).isLessThan(window);
        }
    }
}
