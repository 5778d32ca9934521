package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.run.Ranges;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An axis's values: one, a list or a range, numbers however written, plugin options, each checked at its line. */
class AxisValuesTest {

    @TempDir
    Path dir;

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
    void aBadValueNamesItsAxisAndLine() {
        assertThatThrownBy(() -> read(dir, "r.yaml", """
                workload: random-blocks
                allocator: stack
                seed: 10..1
                """)).hasMessage(dir.resolve("r.yaml") + ":3: 'seed': range 10..1 (expected: a range FIRST..LAST with"
                + " FIRST <= LAST)");
        assertThatThrownBy(() -> read(dir, "p.yaml", """
                workload: random-blocks
                allocator: stack
                pageSize: 1000
                """)).hasMessage(dir.resolve("p.yaml") + ":3: pageSize 1000 (expected: a power of 2 from 64 to"
                + " 1048576)");
    }

    @Test
    void pathsWithDotsAreNotRanges() {
        assertThat(Ranges.expand("../traces/x.hmt", 10)).containsExactly("../traces/x.hmt");
        assertThat(Ranges.expand("0..1/0.25", 10)).containsExactly("0", "0.25", "0.5", "0.75", "1");
        assertThat(Ranges.expand("16..100*2", 10)).containsExactly("16", "32", "64");
        assertThatThrownBy(() -> Ranges.expand("1..100", 10)).hasMessageContaining("at most 10 values");
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
}
