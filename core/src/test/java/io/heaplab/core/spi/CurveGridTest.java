package io.heaplab.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class CurveGridTest {

    @Test
    void everyWindowTo128ThenSixteenPerDoublingTo2To62ThenTheLargestLong() {
        assertThat(CurveGrid.POINTS).isEqualTo(1009);
        assertThat(CurveGrid.points(130)).startsWith(1, 2, 3).endsWith(127, 128, 136, 144);
        assertThat(CurveGrid.point(143)).isEqualTo(256);
        assertThat(CurveGrid.point(144)).isEqualTo(272);
        assertThat(CurveGrid.point(159)).isEqualTo(512);
        assertThat(CurveGrid.point(1007)).isEqualTo(1L << 62);
        assertThat(CurveGrid.point(1008)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> CurveGrid.point(1009)).hasMessage("index: 1009 (expected: 0..1008)");
    }

    @Test
    void eachPointIsTheUpperBoundOfItsBucket() {
        for (int i = 0; i < CurveGrid.POINTS; i++) {
            long point = CurveGrid.point(i);
            assertThat(CurveGrid.index(point)).as("point %d", point).isEqualTo(i);
            if (i > 0) {
                long previous = CurveGrid.point(i - 1);
                assertThat(point).isGreaterThan(previous);
                assertThat(CurveGrid.index(previous + 1)).as("after %d", previous).isEqualTo(i);
                // at most 1/16 of the window apart, but for the last point, which takes whatever is longer
                if (i < CurveGrid.POINTS - 1) {
                    assertThat(point - previous).isLessThanOrEqualTo(Math.max(1, point / 16));
                }
            }
        }
    }

    @Property(tries = 1000)
    void theBranchFreeIndexOfAnIntIsTheIndex(@ForAll @net.jqwik.api.constraints.IntRange(min = 1,
            max = Integer.MAX_VALUE) int size) {
        assertThat(CurveGrid.indexOf(size)).isEqualTo(CurveGrid.index(size));
    }

    @Test
    void theBranchFreeIndexIsTheIndexAtEveryEdge() {
        for (int i = 0; i < CurveGrid.POINTS && CurveGrid.point(i) <= Integer.MAX_VALUE; i++) {
            long point = CurveGrid.point(i);
            for (long size = Math.max(1, point - 1); size <= Math.min(Integer.MAX_VALUE, point + 1); size++) {
                assertThat(CurveGrid.indexOf((int) size)).as("size %d", size).isEqualTo(CurveGrid.index(size));
            }
        }
        assertThat(CurveGrid.indexOf(Integer.MAX_VALUE)).isEqualTo(CurveGrid.index(Integer.MAX_VALUE));
    }

    @Property(tries = 1000)
    void anyWindowFallsInTheBucketOfTheSmallestPointNotBelowIt(
            @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long window) {
        int at = CurveGrid.index(window);
        assertThat(CurveGrid.point(at)).isGreaterThanOrEqualTo(window);
        if (at > 0) {
            assertThat(CurveGrid.point(at - 1)).isLessThan(window);
        }
    }
}
