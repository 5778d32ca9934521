package io.heaplab.sweep;

import static io.heaplab.sweep.SweepFilesFixture.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepRunTest {

    @TempDir
    Path dir;

    static final String SWEEP = """
            workload:
              random-blocks:
                live: [50, 100]
                steps: 2000
            allocator: [stack, mru, first-fit]
            policy:
              lru:
                frames: [4, 8]
            pageSize: 512
            seed: 1..2
            """;

    private static String table(Path out) throws IOException {
        return Files.readString(out.resolve(SweepTable.CSV)) + Files.readString(out.resolve(SweepTable.JSONL));
    }

    private SweepRun.Summary run(Sweep sweep, Path out, boolean resume, SweepEngine engine) throws Exception {
        return SweepRun.run(sweep, out, resume ? List.of(out.resolve(SweepTable.JSONL)) : List.of(),
                SweepRun.Shard.ALL, engine, PointWork.of(sweep, List.of()), SweepRun.Listener.SILENT);
    }

    @Test
    void theTableIsARowPerPointInTheSweepsOrderWhateverTheThreads() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        SweepRun.Summary one = run(sweep, dir.resolve("one"), false, new LocalEngine(1));
        run(sweep, dir.resolve("four"), false, new LocalEngine(4));
        assertThat(one).isEqualTo(new SweepRun.Summary(24, 0, 24, 0));
        assertThat(table(dir.resolve("four"))).isEqualTo(table(dir.resolve("one")));
        List<String> csv = Files.readAllLines(dir.resolve("one").resolve(SweepTable.CSV));
        assertThat(csv.getFirst()).startsWith("workload,live,steps,allocator,policy,frames,pageSize,seed,faults,"
                + "missRatio,writeBacks,references,").endsWith(",failure");
        assertThat(csv).hasSize(25);
        assertThat(csv.get(1)).startsWith("random-blocks,50,2000,stack,lru,4,512,1,");
        assertThat(Files.readAllLines(dir.resolve("one").resolve(SweepTable.JSONL)).getFirst())
                .startsWith("{\"workload\":\"random-blocks\",\"live\":50,\"steps\":2000,\"allocator\":\"stack\","
                        + "\"policy\":\"lru\",\"frames\":4,\"pageSize\":512,\"seed\":1,\"faults\":")
                .endsWith(",\"failure\":null}");
    }

    @Test
    void aRowHoldsWhatTheRunMeasured() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        Point point = sweep.points().get(5);
        Row row = PointWork.of(sweep, List.of()).run(point);
        var result = new io.heaplab.core.run.Runner(SweepFilesFixture.PLUGINS).run(point.runSpec());
        assertThat(row.measures().get(sweep.measures().indexOf(Measure.FAULTS)))
                .isEqualTo(Long.toString(result.faults(point.policy())));
        assertThat(row.measures().get(sweep.measures().indexOf(Measure.REFERENCES)))
                .isEqualTo(Long.toString(result.references()));
        assertThat(row.failed()).isFalse();
    }

    /** Runs the points in an order of its own, as a cluster might. */
    record ShuffledEngine(long seed) implements SweepEngine {
        @Override
        public void run(Sweep sweep, List<Point> points, PointTask work, RowSink done) throws Exception {
            List<Point> order = new ArrayList<>(points);
            Collections.shuffle(order, new Random(seed));
            for (Point point : order) {
                done.accept(work.run(point));
            }
        }
    }

    @Property(tries = 8)
    void anyOrderOfCompletionGivesTheSameTable(@ForAll long seed) throws Exception {
        Path base = Files.createTempDirectory("sweep");
        Sweep sweep = SweepReader.read(SweepFilesFixture.write(base, "s.yaml", SWEEP), SweepFilesFixture.PLUGINS);
        run(sweep, base.resolve("in-order"), false, new LocalEngine(1));
        run(sweep, base.resolve("shuffled"), false, new ShuffledEngine(seed));
        assertThat(table(base.resolve("shuffled"))).isEqualTo(table(base.resolve("in-order")));
    }

    /** Stops, as a killed process does, after some points; the rows it measured stay in the table. */
    record StoppingEngine(int after, AtomicInteger ran) implements SweepEngine {
        @Override
        public void run(Sweep sweep, List<Point> points, PointTask work, RowSink done) throws Exception {
            for (Point point : points) {
                if (ran.get() == after) {
                    throw new IllegalStateException("stopped");
                }
                ran.incrementAndGet();
                done.accept(work.run(point));
            }
        }
    }

    @Test
    void aStoppedSweepResumedRunsOnlyTheMissingPointsAndGivesTheSameTable() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        run(sweep, dir.resolve("whole"), false, new LocalEngine(2));
        Path out = dir.resolve("stopped");
        AtomicInteger first = new AtomicInteger();
        assertThatThrownBy(() -> run(sweep, out, false, new StoppingEngine(10, first))).hasMessage("stopped");
        // a line cut short by the stop: dropped when the table is read back
        Files.writeString(out.resolve(SweepTable.JSONL), "{\"workload\":\"rand", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        assertThat(Files.readAllLines(out.resolve(SweepTable.CSV))).hasSize(11);
        assertThatThrownBy(() -> run(sweep, out, false, new LocalEngine(1)))
                .hasMessageContaining("exists (expected: --resume");
        AtomicInteger second = new AtomicInteger();
        SweepRun.Summary summary = run(sweep, out, true, new StoppingEngine(Integer.MAX_VALUE, second));
        assertThat(second.get()).isEqualTo(14);
        assertThat(summary).isEqualTo(new SweepRun.Summary(24, 10, 14, 0));
        assertThat(table(out)).isEqualTo(table(dir.resolve("whole")));
        SweepRun.Summary again = run(sweep, out, true, new StoppingEngine(0, new AtomicInteger()));
        assertThat(again.ran()).isZero();
        assertThat(table(out)).isEqualTo(table(dir.resolve("whole")));
    }

    @Test
    void shardsMergedGiveTheWholeTable() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        run(sweep, dir.resolve("whole"), false, new LocalEngine(2));
        List<Path> shards = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Path shard = dir.resolve("shard" + i);
            SweepRun.Summary summary = SweepRun.run(sweep, shard, List.of(), new SweepRun.Shard(i, 3),
                    new LocalEngine(1), PointWork.of(sweep, List.of()), SweepRun.Listener.SILENT);
            assertThat(summary.ran()).isEqualTo(8);
            shards.add(shard.resolve(SweepTable.JSONL));
        }
        AtomicInteger ran = new AtomicInteger();
        SweepRun.run(sweep, dir.resolve("merged"), shards, SweepRun.Shard.ALL,
                new StoppingEngine(Integer.MAX_VALUE, ran), PointWork.of(sweep, List.of()), SweepRun.Listener.SILENT);
        assertThat(ran.get()).isZero();
        assertThat(table(dir.resolve("merged"))).isEqualTo(table(dir.resolve("whole")));
    }

    @Test
    void aTableOfAnotherSweepIsNotResumed() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        Path out = dir.resolve("out");
        run(sweep, out, false, new LocalEngine(2));
        Sweep other = read(dir, "o.yaml", SWEEP.replace("[50, 100]", "[50, 200]"));
        assertThatThrownBy(() -> run(other, out, true, new LocalEngine(1)))
                .hasMessageContaining("table.jsonl:").hasMessageContaining("a point this sweep does not have");
    }

    @Test
    void aBoundedHeapIsAColumnAndWhatItRejectsAMeasure() throws Exception {
        Sweep sweep = read(dir, "f.yaml", """
                workload: random-blocks:live=100,steps=1000,size=32
                allocator: [stack, first-fit]
                heapSize: [1024, 1MiB]
                measures: [allocations, rejections]
                """);
        run(sweep, dir.resolve("f"), false, new LocalEngine(2));
        List<String> csv = Files.readAllLines(dir.resolve("f").resolve(SweepTable.CSV));
        assertThat(csv.getFirst())
                .isEqualTo("workload,live,steps,size,allocator,pageSize,heapSize,seed,allocations,rejections,failure");
        assertThat(csv.get(1)).startsWith("random-blocks,100,1000,32,stack,4096,1024,1,");
        assertThat(Long.parseLong(csv.get(1).split(",")[9])).isPositive();
        assertThat(csv.get(2)).startsWith("random-blocks,100,1000,32,stack,4096,1048576,1,").endsWith(",0,");
    }

    @Test
    void aFailedRowIsKeptWithItsReasonAndResumedAsItWas() throws Exception {
        Sweep sweep = read(dir, "s.yaml", SWEEP);
        PointWork work = PointWork.of(sweep, List.of());
        PointTask failsOdd = point -> point.index() % 2 == 1
                ? new Row(point.index(), java.util.Collections.nCopies(sweep.measures().size(), ""), "odd, so failed")
                : work.run(point);
        Path out = dir.resolve("out");
        SweepRun.Summary summary = SweepRun.run(sweep, out, List.of(), SweepRun.Shard.ALL, new LocalEngine(2),
                failsOdd, SweepRun.Listener.SILENT);
        assertThat(summary.failed()).isEqualTo(12);
        String before = table(out);
        assertThat(Files.readAllLines(out.resolve(SweepTable.CSV)).get(2)).endsWith(",\"odd, so failed\"");
        SweepRun.Summary resumed = SweepRun.run(sweep, out, List.of(out.resolve(SweepTable.JSONL)),
                SweepRun.Shard.ALL, new StoppingEngine(0, new AtomicInteger()), work, SweepRun.Listener.SILENT);
        assertThat(resumed).isEqualTo(new SweepRun.Summary(24, 24, 0, 12));
        assertThat(table(out)).isEqualTo(before);
    }
}
