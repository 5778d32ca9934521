package io.heaplab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.sweep.SweepEngine;
import io.heaplab.sweep.SweepEngineContract;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkEngineTest extends SweepEngineContract {

    @Override
    protected SweepEngine engine() {
        return new SparkEngine("local[2]");
    }

    @Test
    void sparksLogIsQuietUnlessTheUserChoseALevelOrAConfiguration(@TempDir Path dir) throws IOException {
        // a class path with no log4j 2 configuration: Spark's default, INFO, would flood standard error
        try (URLClassLoader none = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            SparkConf conf = new SparkConf(false);
            SparkEngine.quiet(conf, none);
            assertThat(conf.get("spark.log.level")).isEqualTo("WARN");
            SparkConf chosen = new SparkConf(false).set("spark.log.level", "INFO");
            SparkEngine.quiet(chosen, none);
            assertThat(chosen.get("spark.log.level")).isEqualTo("INFO");
        }
        Files.writeString(dir.resolve("log4j2.properties"), "rootLogger.level = debug\n");
        try (URLClassLoader own = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            SparkConf conf = new SparkConf(false);
            SparkEngine.quiet(conf, own);
            assertThat(conf.contains("spark.log.level")).isFalse();
        }
    }
}
