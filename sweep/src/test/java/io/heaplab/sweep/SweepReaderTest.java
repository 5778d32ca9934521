package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.read;
import static io.heaplab.sweep.SweepFilesFixture.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepReaderTest {

    @TempDir
    Path dir;

    private static final String GRID = """
            workload:
              random-blocks:
                live: [100, 200]
                steps: 1000
            allocator: [stack, mru]
            policy:
              lru:
                frames: 8..32*2
            pageSize: 512
            seed: 1..2
            """;

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
    void yamlTomlAndJsonOfOneSweepGiveTheSamePoints() {
        Sweep yaml = read(dir, "grid.yaml", GRID);
        Sweep toml = read(dir, "grid.toml", """
                allocator = ["stack", "mru"]
                pageSize = 512
                seed = "1..2"

                [workload.random-blocks]
                live = [100, 200]
                steps = 1000

                [policy.lru]
                frames = "8..32*2"
                """);
        Sweep json = read(dir, "grid.json", """
                {"workload": {"random-blocks": {"live": [100, 200], "steps": 1000}},
                 "allocator": ["stack", "mru"], "policy": {"lru": {"frames": "8..32*2"}},
                 "pageSize": 512, "seed": "1..2"}
                """);
        assertThat(toml.points()).isEqualTo(yaml.points());
        assertThat(json.points()).isEqualTo(yaml.points());
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
    void anIncludedFileAddsItsPointsOncePointsNamedTwiceRunOnce() {
        write(dir, "more.yaml", """
                workload: random-blocks:steps=1000
                allocator: [mru, nofree]
                """);
        Sweep sweep = read(dir, "main.yaml", """
                workload: random-blocks:steps=1000
                allocator: [stack, mru]
                include: [more.yaml]
                """);
        assertThat(sweep.points()).extracting(Point::allocator).containsExactly("stack", "mru", "nofree");
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
    void unknownAxisNamesFileAndLine() {
        assertThatThrownBy(() -> read(dir, "bad.yaml", """
                workload: random-blocks
                allocators: [stack]
                """)).isInstanceOf(SpecException.class)
                .hasMessageStartingWith(dir.resolve("bad.yaml") + ":2: unknown axis 'allocators' (expected: one of"
                        + " workload, allocator,");
    }

    @Test
    void emptyAxisNamesFileAndLine() {
        assertThatThrownBy(() -> read(dir, "bad.yaml", """
                workload: random-blocks
                allocator: [stack]
                seed: []
                """)).hasMessage(dir.resolve("bad.yaml") + ":3: empty axis 'seed' (expected: one or more values)");
        assertThatThrownBy(() -> read(dir, "bad.toml", """
                workload = "random-blocks"
                allocator = []
                """)).hasMessage(dir.resolve("bad.toml") + ":2: empty axis 'allocator' (expected: one or more specs)");
    }

    @Test
    void aSpecThatDoesNotBindNamesItsLine() {
        assertThatThrownBy(() -> read(dir, "bad.yaml", """
                workload:
                  random-blocks:
                    live: [100, 200]
                allocator:
                  - stack
                  - frist-fit
                """)).hasMessageStartingWith(dir.resolve("bad.yaml") + ":6: allocator 'frist-fit': ")
                .hasMessageContaining("expected");
        assertThatThrownBy(() -> read(dir, "bad.json", """
                {"workload": {"random-blocks": {"lve": [100, 200]}},
                 "allocator": "stack"}
                """)).hasMessageStartingWith(dir.resolve("bad.json") + ":1: workload 'random-blocks:lve=100': ");
    }

    @Test
    void aCycleOfIncludesIsNamedWithItsChain() {
        write(dir, "b.yaml", """
                workload: random-blocks
                allocator: stack
                include:
                  - a.yaml
                """);
        assertThatThrownBy(() -> read(dir, "a.yaml", """
                workload: random-blocks
                allocator: mru
                include: [b.yaml]
                """)).hasMessage(dir.resolve("b.yaml") + ":4: include 'a.yaml' makes a cycle: a.yaml -> b.yaml"
                + " -> a.yaml (expected: includes that end)");
    }

    @Test
    void otherMistakesAreOneLineWithTheirLine() {
        assertThatThrownBy(() -> read(dir, "m.yaml", """
                workload: random-blocks
                allocator: stack
                measures: [faults]
                """)).hasMessageStartingWith(dir.resolve("m.yaml") + ":3: measure 'faults' is a policy's");
        assertThatThrownBy(() -> read(dir, "c.yaml", """
                workload: random-blocks
                allocator: stack
                policy: lru:frames=all
                """)).hasMessageStartingWith(dir.resolve("c.yaml") + ":3: policy 'lru:frames=all': frames=all gives"
                + " a whole curve");
        assertThatThrownBy(() -> read(dir, "r.yaml", """
                workload: random-blocks
                allocator: stack
                seed: 10..1
                """)).hasMessage(dir.resolve("r.yaml") + ":3: 'seed': range 10..1 (expected: FIRST..LAST with FIRST"
                + " <= LAST)");
        assertThatThrownBy(() -> read(dir, "x.yaml", """
                workload: random-blocks
                allocator: stack
                exclude:
                  - {allocater: stack}
                """)).hasMessageStartingWith(dir.resolve("x.yaml") + ":4: unknown axis 'allocater' in exclude");
        assertThatThrownBy(() -> read(dir, "y.yaml", "workload: [random-blocks\n"))
                .hasMessageStartingWith(dir.resolve("y.yaml") + ":").hasMessageContaining("not well-formed");
        assertThatThrownBy(() -> read(dir, "p.yaml", """
                workload: random-blocks
                allocator: stack
                pageSize: 1000
                """)).hasMessage(dir.resolve("p.yaml") + ":3: pageSize 1000 (expected: a power of 2 from 64 to"
                + " 1048576)");
        assertThatThrownBy(() -> read(dir, "e.yaml", """
                workload: random-blocks
                allocator: [stack, mru]
                exclude:
                  - {workload: random-blocks}
                """)).hasMessage(dir.resolve("e.yaml") + ":1: no points: every point is excluded (expected: a sweep"
                + " with at least one point)");
        assertThatThrownBy(() -> read(dir, "s.txt", "workload: random-blocks\n"))
                .hasMessageContaining("unknown format");
    }

    @Test
    void pathsWithDotsAreNotRanges() {
        assertThat(Ranges.expand("../traces/x.hmt", 10)).containsExactly("../traces/x.hmt");
        assertThat(Ranges.expand("0..1/0.25", 10)).containsExactly("0", "0.25", "0.5", "0.75", "1");
        assertThat(Ranges.expand("16..100*2", 10)).containsExactly("16", "32", "64");
        assertThatThrownBy(() -> Ranges.expand("1..100", 10)).hasMessageContaining("more than 10 values");
    }

    @Test
    void aNumberIsOnePointHoweverItIsWrittenAndExactly() {
        Sweep sweep = read(dir, "n.yaml", """
                workload:
                  random-blocks:
                    live: [16, 16.0, 1.6e1]
                allocator: stack
                seed: [9007199254740992, 9007199254740993]
                exclude:
                  - {seed: 9007199254740992}
                """);
        assertThat(sweep.points()).extracting(Point::workload, Point::seed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("random-blocks:live=16", 9007199254740993L));
        Sweep toml = read(dir, "n.toml", """
                allocator = "stack"
                seed = [9007199254740993]
                [workload.random-blocks]
                live = [16.0]
                """);
        assertThat(toml.points()).isEqualTo(sweep.points());
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
    void aRangeTooWideIsRefusedBeforeItFillsTheMemory() {
        assertThatThrownBy(() -> read(dir, "wide.yaml", """
                workload:
                  random-blocks:
                    live: 1..1000
                    steps: 1..1000
                    size: 1..1000
                allocator: stack
                """)).hasMessage(dir.resolve("wide.yaml") + ":5: more than 1000000 points (expected: at most 1000000;"
                + " a range too wide?)");
    }

    @Test
    void yamlMistakesAreNamedByTheirProblemAndAliasesAreRefused() {
        assertThatThrownBy(() -> read(dir, "flow.yaml", "workload: [random-blocks\nallocator: stack\n"))
                .hasMessageStartingWith(dir.resolve("flow.yaml") + ":2: not well-formed: expected ',' or ']'");
        assertThatThrownBy(() -> read(dir, "alias.yaml", "base: &w random-blocks\nworkload: *w\nallocator: stack\n"))
                .hasMessage(dir.resolve("alias.yaml") + ":2: a YAML alias, *w (expected: the value written out; a"
                        + " sweep file does not follow anchors)");
    }

    @Test
    void anIncludedDirectoryIsNamedAtItsLine() throws Exception {
        java.nio.file.Files.createDirectory(dir.resolve("sub"));
        assertThatThrownBy(() -> read(dir, "i.yaml", """
                workload: random-blocks
                allocator: stack
                include: [sub]
                """)).hasMessage(dir.resolve("i.yaml") + ":3: include 'sub': a directory (expected: a sweep file,"
                + " relative to i.yaml)");
    }
}
