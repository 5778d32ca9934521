package io.heaplab.studies.carr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.system.Deactivation;
import io.heaplab.system.MemoryPolicy;
import io.heaplab.system.MultiprogrammedSystem;
import io.heaplab.system.Prototype;
import io.heaplab.system.SystemConfig;
import io.heaplab.system.TaskString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The calibration's search: known minima found, in a coupled valley and on a tiny system, the same every time. */
class LogSearchTest {

    private static LogSearch search(LogSearch.Knob... knobs) {
        return new LogSearch(List.of(knobs), 1.2, 1.01, 200);
    }

    /** Least at x = 3, y = 0.4, along a narrow valley where x * y is nearly fixed. */
    private static double valley(double[] p) {
        double along = Math.log(p[0] / 3) - Math.log(p[1] / 0.4);
        double across = Math.log(p[0] * p[1] / 1.2);
        return along * along + 100 * across * across;
    }

    @Test
    void aValleyInWhichTheFactorsMustMoveTogetherIsFollowedToItsMinimum() {
        // the loss is least at x = 3, y = 0.4, along a valley where x * y is nearly fixed: one factor at a time
        // would stall, the simplex follows it
        LogSearch search = search(new LogSearch.Knob("x", List.of(1.0, 10.0), 0.01, 100),
                new LogSearch.Knob("y", List.of(0.1, 1.0), 0.01, 100));
        List<double[]> probed = new ArrayList<>();
        LogSearch.Found found = search.minimize(points -> points.stream().mapToDouble(p -> {
            probed.add(p);
            return valley(p);
        }).toArray());
        assertThat(found.best()[0]).isCloseTo(3, within(0.1));
        assertThat(found.best()[1]).isCloseTo(0.4, within(0.015));
        assertThat(found.probes()).isEqualTo(probed.size());
        // each point once, every point rounded to three significant digits, within its knob's range
        assertThat(probed.stream().map(Arrays::toString).distinct().count()).isEqualTo(probed.size());
        assertThat(probed).allSatisfy(p -> {
            assertThat(p[0]).isEqualTo(LogSearch.round(p[0])).isBetween(0.01, 100.0);
            assertThat(p[1]).isEqualTo(LogSearch.round(p[1])).isBetween(0.01, 100.0);
        });
        // the grid comes first, all of it in one batch
        assertThat(probed.subList(0, 4)).extracting(Arrays::toString)
                .containsExactly("[1.0, 0.1]", "[1.0, 1.0]", "[10.0, 0.1]", "[10.0, 1.0]");
        // the same search again probes the same points and finds the same answer
        List<double[]> again = new ArrayList<>();
        LogSearch.Found second = search.minimize(points -> points.stream().mapToDouble(p -> {
            again.add(p);
            return valley(p);
        }).toArray());
        assertThat(second.best()).containsExactly(found.best());
        assertThat(again).extracting(Arrays::toString).containsExactlyElementsOf(
                probed.stream().map(Arrays::toString).toList());
    }

    @Test
    void onATinySystemItFindsThePagingDeviceThatGivesHalfUtilization() {
        // one task of 10 pages, each in a run of 1,000 references, alone in 20 frames: 10 faults, each waiting one
        // access of 1,000 * d references; utilization 10,000 / (10,000 + 10,000 d) is one half at d = 1 exactly
        long[] runs = new long[10];
        for (int p = 0; p < 10; p++) {
            runs[p] = io.heaplab.core.trace.PageRun.pack(p, 1_000, false);
        }
        Prototype task = new Prototype("tiny", TaskString.of(runs), Double.POSITIVE_INFINITY);
        LogSearch search = new LogSearch(List.of(new LogSearch.Knob("device scale", List.of(0.25, 4.0), 0.01, 100)),
                1.2, 1.005, 100);
        LogSearch.Found found = search.minimize(points -> points.stream().mapToDouble(p -> {
            long access = Math.round(1_000 * p[0]);
            SystemConfig system = new SystemConfig(20, access, access, 1, MemoryPolicy.WS, true, 1_000_000, 15_000,
                    1, 0, 10_000, 1_000_000, 0, 0, Deactivation.LAST_ACTIVATED, true);
            double miss = (MultiprogrammedSystem.run(system, List.of(task), 1).utilization() - 0.5) / 0.03;
            return miss * miss;
        }).toArray());
        assertThat(found.best()[0]).isCloseTo(1.0, within(0.01));
        assertThat(found.loss()).isLessThan(0.01);
    }

    @Test
    void aKnobWhoseGridLeavesItsRangeIsRefused() {
        assertThatThrownBy(() -> new LogSearch.Knob("x", List.of(0.5, 20.0), 1, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("knob x: grid [0.5, 20.0] in 1.0..10.0 (expected: 0 < least <= every grid value <= most)");
    }
}
