package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.GRID;
import static io.heaplab.sweep.SweepFilesFixture.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The points of a sweep file: its axes multiplied, exclude and include entries, and the columns of its table. */
class SweepGridTest {

    @TempDir
    Path dir;

    @Test
    void axesMultiplyInTheOrderWrittenWithOptionsAsColumns() {
        Sweep sweep = read(dir, "grid.yaml", GRID);
        assertThat(sweep.columns()).extracting(Column::name)
                .containsExactly("workload", "live", "steps", "allocator", "policy", "frames", "pageSize", "seed");
        assertThat(sweep.points()).hasSize(2 * 2 * 3 * 2);
        Point first = sweep.points().getFirst();
        assertThat(first.coordinates()).containsExactly("random-blocks", "100", "1000", "stack", "lru", "8", "512",
                "1");
        assertThat(first.workload()).isEqualTo("random-blocks:live=100,steps=1000");
        assertThat(first.policy()).isEqualTo("lru:frames=8");
        assertThat(sweep.points().getLast().coordinates()).containsExactly("random-blocks", "200", "1000", "mru",
                "lru", "32", "512", "2");
        assertThat(sweep.points()).extracting(Point::index).containsExactlyElementsOf(
                java.util.stream.IntStream.range(0, 24).boxed().toList());
        assertThat(sweep.measures()).contains(Measure.FAULTS, Measure.REFERENCES);
    }

    @Test
    void excludeDropsMatchingPointsAndIncludeAddsPointsWithItsAxesSet() {
        Sweep sweep = read(dir, "rules.yaml", """
                workload: random-blocks:steps=1000
                allocator: [stack, mru]
                seed: [1, 2]
                exclude:
                  - {allocator: mru, seed: 2}
                include:
                  - {allocator: nofree}
                """);
        assertThat(sweep.points()).extracting(p -> p.allocator() + "/" + p.seed())
                .containsExactly("stack/1", "stack/2", "mru/1", "nofree/1", "nofree/2");
    }

    @Test
    void aPointsSpecsAreListedAsWrittenTheirOptionsBecomingColumns() {
        Sweep sweep = read(dir, "cells.yaml", """
                workload:
                  - purdom:lambda=2,c=2,memory=256,requests=50
                  - purdom:lambda=3,c=7,memory=128,requests=50
                allocator: first-fit
                """);
        assertThat(sweep.columns()).extracting(Column::name)
                .containsExactly("workload", "lambda", "c", "memory", "requests", "allocator", "pageSize", "seed");
        assertThat(sweep.points()).extracting(p -> p.coordinates().get(1)).containsExactly("2", "3");
        assertThat(sweep.measures()).doesNotContain(Measure.FAULTS);
    }

    @Test
    void anExcludeEntryMatchesAPluginsNameOrItsWholeSpecAndOneThatMatchesNothingIsATypo() {
        Sweep sweep = read(dir, "x.yaml", """
                workload: random-blocks:steps=1000
                allocator: [stack, "buddy:cell=16", "buddy:cell=32"]
                exclude:
                  - {allocator: "buddy:cell=32"}
                """);
        assertThat(sweep.points()).extracting(Point::allocator).containsExactly("stack", "buddy:cell=16");
        assertThatThrownBy(() -> read(dir, "typo.yaml", """
                workload: random-blocks
                allocator: [stack, mru]
                exclude:
                  - {allocator: mur}
                """)).hasMessageStartingWith(dir.resolve("typo.yaml") + ":4: this exclude entry matches no point");
    }

    @Test
    void anUnknownAxisInAnExcludeEntryNamesItsLine() {
        assertThatThrownBy(() -> read(dir, "x.yaml", """
                workload: random-blocks
                allocator: stack
                exclude:
                  - {allocater: stack}
                """)).hasMessageStartingWith(dir.resolve("x.yaml") + ":4: unknown axis 'allocater' in exclude");
    }
}
