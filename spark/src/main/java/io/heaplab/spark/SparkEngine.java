package io.heaplab.spark;

import io.heaplab.sweep.Point;
import io.heaplab.sweep.PointTask;
import io.heaplab.sweep.PointWork;
import io.heaplab.sweep.Row;
import io.heaplab.sweep.Sweep;
import io.heaplab.sweep.SweepEngine;
import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.collection.Iterator;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * The spark engine: each point of a sweep is a Spark task, and its row comes back to the driver as the task
 * finishes, where the table takes it; a task that fails (an executor lost) is run again by Spark, and its row is
 * still taken once. Plugin jars and the files the points' specs name are shipped to the executors with {@code
 * addFile}. Tasks travel by Java serialization, Spark's default, which runs on JDK 25.
 */
public final class SparkEngine implements SweepEngine {

    /** The master when neither {@code --master} nor spark-submit names one: this machine's cores. */
    static final String DEFAULT_MASTER = "local[*]";
    /** Spark's log level unless the user chose one. */
    static final String LOG_LEVEL = "WARN";
    static final String LOG_LEVEL_KEY = "spark.log.level";

    private final String master;

    /** @param master the master URL ({@code local[2]}, {@code spark://host:7077}), or null for spark-submit's */
    public SparkEngine(String master) {
        this.master = master;
    }

    @Override
    public void run(Sweep sweep, List<Point> points, PointTask work, RowSink done) throws Exception {
        SparkConf conf = new SparkConf().setAppName("heaplab sweep " + sweep.file().getFileName());
        if (master != null) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            conf.setMaster(DEFAULT_MASTER);
        }
        quiet(conf, SparkEngine.class.getClassLoader());
        Path staging = Files.createTempDirectory("heaplab-shipped");
        try (JavaSparkContext spark = new JavaSparkContext(conf)) {
            Map<String, String> shipped = new LinkedHashMap<>();
            List<String> jars = work instanceof PointWork w ? w.pluginJars() : List.of();
            for (String path : jars) {
                ship(spark, path, staging, shipped);
            }
            for (Path input : sweep.inputs()) {
                ship(spark, input.toString(), staging, shipped);
            }
            // a task per point: its row is handed back, and flushed, the moment it finishes
            JavaRDD<Point> rdd = spark.parallelize(points, Math.max(1, points.size()));
            AtomicReference<Exception> failure = new AtomicReference<>();
            spark.sc().runJob(rdd.rdd(), new RunPoints(new ShippedTask(work, shipped)),
                    new TakeRows(done, failure), ClassTag$.MODULE$.apply(Row[].class));
            if (failure.get() != null) {
                throw failure.get();
            }
        } finally {
            delete(staging);
        }
    }

    /**
     * Sets Spark's log level to {@value #LOG_LEVEL} unless the user chose one: {@code spark.log.level} given, or a
     * log4j 2 configuration of their own (named by {@code log4j2.configurationFile}, or on the class path, where
     * spark-submit puts {@code SPARK_CONF_DIR}). At Spark's default, INFO, hundreds of lines a sweep on standard
     * error bury heaplab's progress bar in the terminal.
     */
    static void quiet(SparkConf conf, ClassLoader classes) {
        if (conf.contains(LOG_LEVEL_KEY) || System.getProperty("log4j2.configurationFile") != null) {
            return;
        }
        for (String name : List.of("log4j2-test.properties", "log4j2-test.xml", "log4j2.properties", "log4j2.xml",
                "log4j2.yaml", "log4j2.yml", "log4j2.json")) {
            if (classes.getResource(name) != null) {
                return;
            }
        }
        conf.set(LOG_LEVEL_KEY, LOG_LEVEL);
    }

    /**
     * Ships {@code path} (a file or a directory of plugin jars) to the executors under a name of its own, numbered
     * so that two files of one name (two traces called {@code t.hmt}) stay apart: a copy in {@code staging} is
     * what Spark sends.
     */
    private static void ship(JavaSparkContext spark, String path, Path staging, Map<String, String> shipped)
            throws IOException {
        Path file = Path.of(path);
        if (shipped.containsKey(path) || !Files.exists(file)) {
            return;
        }
        String name = shipped.size() + "-" + file.getFileName();
        Path copy = staging.resolve(name);
        if (Files.isDirectory(file)) {
            try (Stream<Path> tree = Files.walk(file)) {
                for (Path each : (Iterable<Path>) tree::iterator) {
                    Files.copy(each, copy.resolve(file.relativize(each).toString()));
                }
            }
        } else {
            Files.copy(file, copy);
        }
        spark.sc().addFile(copy.toString(), Files.isDirectory(copy));
        shipped.put(path, name);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> tree = Files.walk(dir)) {
            for (Path each : (Iterable<Path>) tree.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(each);
            }
        }
    }

    /** Runs the points of one partition on an executor. */
    private static final class RunPoints extends AbstractFunction2<TaskContext, Iterator<Point>, Row[]>
            implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private final PointTask task;

        RunPoints(PointTask task) {
            this.task = task;
        }

        @Override
        public Row[] apply(TaskContext context, Iterator<Point> points) {
            List<Row> rows = new ArrayList<>();
            while (points.hasNext()) {
                rows.add(task.run(points.next()));
            }
            return rows.toArray(Row[]::new);
        }
    }

    /** Takes each finished partition's rows on the driver; a failure to write one ends the sweep after the job. */
    private static final class TakeRows extends AbstractFunction2<Object, Row[], BoxedUnit> implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private final transient RowSink done;
        private final transient AtomicReference<Exception> failure;

        TakeRows(RowSink done, AtomicReference<Exception> failure) {
            this.done = done;
            this.failure = failure;
        }

        @Override
        public BoxedUnit apply(Object partition, Row[] rows) {
            for (Row row : rows) {
                if (failure.get() == null) {
                    try {
                        done.accept(row);
                    } catch (Exception e) {
                        failure.set(e);
                    }
                }
            }
            return BoxedUnit.UNIT;
        }
    }
}
