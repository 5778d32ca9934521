package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A policy's frames and theta in a sweep file: the size syntax {@code heaplab run} takes, a point per size. */
class SweepSizesTest {

    private static final String FORMS = "a size: a whole number, a list a,b,c, a range 16..1024*2 or 100..1000/100,"
            + " or a percentage 10% or 10%..100%/10";

    @TempDir
    Path dir;

    private static String sweep(String policy) {
        return """
                workload: random-blocks:live=100,steps=1000
                allocator: stack
                policy:
                %s
                pageSize: 512
                """.formatted(policy.indent(2).stripTrailing());
    }

    private static List<String> policies(Sweep sweep) {
        return sweep.points().stream().map(Point::policy).toList();
    }

    @Test
    void everyFormOfRunIsAPointPerSizeTableOrSpecAlike() {
        assertThat(policies(read(dir, "l.yaml", sweep("lru: {frames: \"8,4,8\"}"))))
                .containsExactly("lru:frames=8", "lru:frames=4");
        assertThat(policies(read(dir, "f.yaml", sweep("lru: {frames: 16..100*1.5}"))))
                .containsExactly("lru:frames=16", "lru:frames=24", "lru:frames=36", "lru:frames=54", "lru:frames=81");
        assertThat(policies(read(dir, "s.yaml", sweep("- \"lru:frames=4..8/2\"\n- \"ws:theta=1e3\""))))
                .containsExactly("lru:frames=4", "lru:frames=6", "lru:frames=8", "ws:theta=1000");
        Sweep percent = read(dir, "p.yaml", sweep("lru: {frames: 10%..30%/10}"));
        assertThat(policies(percent)).containsExactly("lru:frames=10%", "lru:frames=20%", "lru:frames=30%");
        assertThat(percent.points().getFirst().coordinates()).contains("10%");
    }

    @Test
    void aPercentagePointRunsAtThatShareOfItsOwnStreamsPages() throws Exception {
        Sweep sweep = read(dir, "p.yaml", sweep("lru: {frames: [50%, 100%]}"));
        Runner runner = new Runner(SweepFilesFixture.PLUGINS);
        RunSpec plain = sweep.points().getFirst().runSpec().withPolicies(List.of());
        long pages = PolicySizes.footprint(runner, plain);
        assertThat(pages).isGreaterThan(2);
        PointWork work = PointWork.of(sweep, List.of());
        for (Point point : sweep.points()) {
            long percent = Long.parseLong(point.coordinates().get(sweep.columns().indexOf(
                    sweep.columns().stream().filter(c -> c.name().equals("frames")).findFirst().orElseThrow()))
                    .replace("%", ""));
            Spec frames = Spec.parse("lru:frames=" + Math.max(1, Math.round(percent * pages / 100.0)));
            long faults = runner.run(plain.withPolicies(List.of(frames))).faults(frames.toString());
            Row row = work.run(point);
            assertThat(row.failed()).as(row.failure()).isFalse();
            assertThat(row.measures().get(sweep.measures().indexOf(Measure.FAULTS))).isEqualTo(Long.toString(faults));
        }
        // the same point gives the same row, however often and wherever it runs
        assertThat(work.run(sweep.points().getFirst())).isEqualTo(work.run(sweep.points().getFirst()));
        Path out = dir.resolve("out");
        SweepRun.run(sweep, out, List.of(), SweepRun.Shard.ALL, new LocalEngine(2), work, SweepRun.Listener.SILENT);
        SweepRun.Summary resumed = SweepRun.run(sweep, out, List.of(out.resolve(SweepTable.JSONL)),
                SweepRun.Shard.ALL, new LocalEngine(1), work, SweepRun.Listener.SILENT);
        assertThat(resumed.ran()).isZero();
        assertThat(Files.readString(out.resolve(SweepTable.CSV))).contains(",50%,", ",100%,");
    }

    @Test
    void aMalformedSizeListsEveryFormASweepTakesAndAllPointsAtCurve() {
        assertThatThrownBy(() -> read(dir, "x.yaml", sweep("lru: {frames: 4..64x2}")))
                .hasMessage(dir.resolve("x.yaml") + ":4: policy 'lru': frames=4..64x2 (expected: " + FORMS + ")");
        assertThatThrownBy(() -> read(dir, "a.yaml", sweep("lru: {frames: all}")))
                .hasMessage(dir.resolve("a.yaml") + ":4: policy 'lru': frames=all is a whole curve, a row per size, and a sweep's"
                        + " points are known before they run (expected: " + FORMS + "; every size in one pass:"
                        + " heaplab curve)");
        assertThatThrownBy(() -> read(dir, "t.yaml", sweep("- \"ws:theta=10%\"")))
                .hasMessage(dir.resolve("t.yaml") + ":4: policy 'ws': theta=10% (expected: a size: a whole number,"
                        + " a list a,b,c, or a range 16..1024*2 or 100..1000/100; a percentage is of pages, for frames"
                        + " only)");
        // the other axes keep their ranges of any number, exact
        assertThat(read(dir, "w.yaml", """
                workload:
                  random-blocks:
                    live: 100
                    steps: 1000
                allocator:
                  first-fit: {}
                seed: 1..3/1
                """).points()).hasSize(3);
    }

    @Test
    void excludeAndIncludeReadFramesAsSizesToo() {
        Sweep sweep = read(dir, "e.yaml", sweep("lru: {frames: 10%..30%/10}") + """
                exclude:
                  - {frames: 20.0%}
                include:
                  - {frames: "4,8"}
                """);
        assertThat(policies(sweep)).containsExactly("lru:frames=10%", "lru:frames=30%", "lru:frames=4",
                "lru:frames=8");
    }
}
