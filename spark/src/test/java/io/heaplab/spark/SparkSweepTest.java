package io.heaplab.spark;

import static io.heaplab.spark.SweepTables.PLUGINS;
import static io.heaplab.spark.SweepTables.heaplab;
import static io.heaplab.spark.SweepTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.sweep.LocalEngine;
import io.heaplab.sweep.Point;
import io.heaplab.sweep.PointTask;
import io.heaplab.sweep.PointWork;
import io.heaplab.sweep.Row;
import io.heaplab.sweep.Sweep;
import io.heaplab.sweep.SweepReader;
import io.heaplab.sweep.SweepRun;
import io.heaplab.sweep.SweepTable;
import java.io.IOException;
import java.io.Serial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark engine gives the table the local engine gives, byte for byte, even when its tasks fail and rerun. */
class SparkSweepTest {

    private static final String SWEEP = SweepTables.sweep("50, 100, 200", 2000);

    @TempDir
    Path dir;

    @Test
    void aSweepOnSparkLocal2GivesTheLocalEnginesTable() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), SWEEP);
        heaplab("sweep", file.toString(), "--out", dir.resolve("local").toString(), "--threads", "2");
        String spark = heaplab("sweep", file.toString(), "--engine", "spark", "--master", "local[2]", "--out",
                dir.resolve("spark").toString());
        assertThat(spark).contains("36 point(s), 36 run, 0 resumed, 0 failed").contains("on spark");
        assertThat(table(dir.resolve("spark"))).isEqualTo(table(dir.resolve("local")));
    }

    /** Fails the first attempt of about a third of the points, chosen at random from a seed. */
    record FailsFirstAttempt(PointTask task, long seed) implements PointTask {
        @Serial
        private static final long serialVersionUID = 1L;
        static final AtomicInteger INJECTED = new AtomicInteger();

        @Override
        public Row run(Point point) {
            if (TaskContext.get().attemptNumber() == 0 && new SplittableRandom(seed + point.index()).nextInt(3) == 0) {
                INJECTED.incrementAndGet();
                throw new IllegalStateException("injected failure of point " + point.index());
            }
            return task.run(point);
        }
    }

    @Test
    void tasksThatFailOnceAndAreRetriedGiveTheSameTable() throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SWEEP);
        Sweep sweep = SweepReader.read(file, PLUGINS);
        PointWork work = PointWork.of(sweep, List.of());
        SweepRun.run(sweep, dir.resolve("local"), List.of(), SweepRun.Shard.ALL, new LocalEngine(2), work,
                SweepRun.Listener.SILENT);
        FailsFirstAttempt.INJECTED.set(0);
        SweepRun.Summary summary = SweepRun.run(sweep, dir.resolve("retried"), List.of(), SweepRun.Shard.ALL,
                new SparkEngine("local[2,2]"), new FailsFirstAttempt(work, 42), SweepRun.Listener.SILENT);
        assertThat(FailsFirstAttempt.INJECTED.get()).as("first attempts failed").isGreaterThan(3);
        assertThat(summary.failed()).isZero();
        assertThat(summary.ran()).isEqualTo(36);
        assertThat(table(dir.resolve("retried"))).isEqualTo(table(dir.resolve("local")));
    }

    @Test
    void twoTracesOfOneNameAreShippedApart() throws Exception {
        Path traces = Path.of(System.getProperty("user.dir")).resolve("../examples/malloc-traces").normalize();
        Path a = Files.copy(traces.resolve("tcc-compile.hmt"),
                Files.createDirectories(dir.resolve("a")).resolve("t.hmt"));
        Path b = Files.copy(traces.resolve("sort-lines.hmt"),
                Files.createDirectories(dir.resolve("b")).resolve("t.hmt"));
        Path file = Files.writeString(dir.resolve("traces.yaml"), "workload:\n  malloc-trace:\n    file: [" + a + ", "
                + b + "]\nallocator: first-fit\nmeasures: [allocations, peakFootprint]\n");
        Sweep sweep = SweepReader.read(file, PLUGINS);
        PointWork work = PointWork.of(sweep, List.of());
        SweepRun.run(sweep, dir.resolve("local"), List.of(), SweepRun.Shard.ALL, new LocalEngine(1), work,
                SweepRun.Listener.SILENT);
        SweepRun.Summary summary = SweepRun.run(sweep, dir.resolve("spark"), List.of(), SweepRun.Shard.ALL,
                new SparkEngine("local[2]"), work, SweepRun.Listener.SILENT);
        assertThat(summary.failed()).isZero();
        assertThat(table(dir.resolve("spark"))).isEqualTo(table(dir.resolve("local")));
        assertThat(Files.readAllLines(dir.resolve("local").resolve(SweepTable.CSV)).get(1))
                .isNotEqualTo(Files.readAllLines(dir.resolve("local").resolve(SweepTable.CSV)).get(2)
                        .replace(b.toString(), a.toString()));
    }
}
