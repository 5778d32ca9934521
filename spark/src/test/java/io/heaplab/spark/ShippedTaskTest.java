package io.heaplab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.sweep.Point;
import io.heaplab.sweep.PointWork;
import io.heaplab.sweep.Row;
import io.heaplab.sweep.Sweep;
import io.heaplab.sweep.SweepReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace a point names is read from the executor's shipped copy when the driver's path is not there. */
class ShippedTaskTest {

    private static final Path TRACE = Path.of(System.getProperty("user.dir"))
            .resolve("../examples/malloc-traces/tcc-compile.hmt").normalize();

    @TempDir
    Path dir;

    @Test
    void aShippedTraceIsReadFromTheExecutorsCopyWhenTheDriversPathIsNotThere() throws Exception {
        Path trace = Files.copy(TRACE, dir.resolve("tcc.hmt"));
        Sweep sweep = SweepReader.read(Files.writeString(dir.resolve("s.yaml"), "workload: malloc-trace:file="
                + trace + "\nallocator: [first-fit, buddy]\nmeasures: [allocations, peakFootprint]\n"),
                Plugins.load());
        assertThat(sweep.inputs()).containsExactly(trace);
        PointWork work = PointWork.of(sweep, List.of());
        List<Row> here = sweep.points().stream().map(work::run).toList();
        // the points as a machine without the driver's directory sees them: their path is not there
        String elsewhere = "/nowhere/on/this/executor/tcc.hmt";
        List<Point> away = sweep.points().stream().map(p -> new Point(p.index(), p.workload().replace(
                trace.toString(), elsewhere), p.allocator(), p.policy(), p.pageSize(), p.heapCapacity(),
                p.countAllocator(), p.seed(), p.coordinates())).toList();
        try (JavaSparkContext spark = new JavaSparkContext("local[1]", "shipped")) {
            spark.sc().addFile(trace.toString(), false);
            ShippedTask task = new ShippedTask(work, Map.of(elsewhere, "tcc.hmt"));
            List<Row> there = spark.parallelize(away, 2).map((Function<Point, Row>) task::run).collect();
            assertThat(there).isEqualTo(here);
            assertThat(there).noneMatch(Row::failed);
            // and without the copy's name, the run fails naming the missing trace: the copy was what it read
            ShippedTask unshipped = new ShippedTask(work, Map.of());
            assertThat(spark.parallelize(away, 1).map((Function<Point, Row>) unshipped::run).collect())
                    .allMatch(Row::failed);
        }
    }

    @Test
    void aShippedPluginJarIsLoadedFromTheExecutorsCopy() throws Exception {
        Path jar = Files.copy(Path.of(System.getProperty("heaplab.exampleJar")), dir.resolve("quick-fit.jar"));
        Plugins plugins = Plugins.load().withJars(List.of(jar));
        Sweep sweep = SweepReader.read(Files.writeString(dir.resolve("p.yaml"), "workload: random-blocks:live=50,"
                + "steps=1000\nallocator: quick-fit\npolicy: lru:frames=4\nmeasures: [faults, allocations]\n"),
                plugins);
        List<Row> here = sweep.points().stream().map(PointWork.of(sweep, List.of(jar))::run).toList();
        // the work as a machine without the driver's directory has it: the jar's path is not there
        String elsewhere = "/nowhere/on/this/executor/quick-fit.jar";
        PointWork away = new PointWork(List.of(elsewhere), List.of("quick-fit.jar"), sweep.measures(), 0);
        try (JavaSparkContext spark = new JavaSparkContext("local[1]", "shipped")) {
            spark.sc().addFile(jar.toString(), false);
            ShippedTask task = new ShippedTask(away, Map.of(elsewhere, "quick-fit.jar"));
            List<Row> there = spark.parallelize(sweep.points(), 1).map((Function<Point, Row>) task::run).collect();
            assertThat(there).isEqualTo(here);
            assertThat(there).noneMatch(Row::failed);
        }
    }
}
