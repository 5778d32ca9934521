package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.GRID;
import static io.heaplab.sweep.SweepFilesFixture.GRID_JSON;
import static io.heaplab.sweep.SweepFilesFixture.GRID_TOML;
import static io.heaplab.sweep.SweepFilesFixture.read;
import static io.heaplab.sweep.SweepFilesFixture.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading sweep files: the formats, the files an include names, the binding to plugins, one-line mistakes. */
class SweepReaderTest {

    @TempDir
    Path dir;

    @Test
    void yamlTomlAndJsonOfOneSweepGiveTheSamePoints() {
        Sweep yaml = read(dir, "grid.yaml", GRID);
        Sweep toml = read(dir, "grid.toml", GRID_TOML);
        Sweep json = read(dir, "grid.json", GRID_JSON);
        assertThat(toml.points()).isEqualTo(yaml.points());
        assertThat(json.points()).isEqualTo(yaml.points());
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
    void unknownAxisNamesFileAndLine() {
        assertThatThrownBy(() -> read(dir, "bad.yaml", """
                workload: random-blocks
                allocators: [stack]
                """)).isInstanceOf(SpecException.class)
                .hasMessageStartingWith(dir.resolve("bad.yaml") + ":2: unknown axis 'allocators' (expected: one of"
                        + " workload, allocator,");
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
                """)).hasMessageStartingWith(dir.resolve("c.yaml") + ":3: policy 'lru': frames=all is a whole"
                + " curve, a row per size, and a sweep's points are known before they run (expected: a size: a whole"
                + " number, a list a,b,c, a range 16..1024*2 or 100..1000/100, or a percentage 10% or 10%..100%/10;"
                + " every size in one pass: heaplab curve)");
        assertThatThrownBy(() -> read(dir, "y.yaml", "workload: [random-blocks\n"))
                .hasMessageStartingWith(dir.resolve("y.yaml") + ":").hasMessageContaining("not well-formed");
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
