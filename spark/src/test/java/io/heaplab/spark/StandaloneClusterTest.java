package io.heaplab.spark;

import static io.heaplab.spark.SweepTables.PLUGINS;
import static io.heaplab.spark.SweepTables.heaplab;
import static io.heaplab.spark.SweepTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.sweep.SweepTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spark engine on a standalone cluster, as a cluster user meets it: a master and two workers on this machine,
 * started from the Spark jars the build already has, and one worker lost, with its executor, by SIGKILL while the
 * sweep runs. The driver notices the lost executor, Spark runs its tasks again on the other, and the table is the
 * local engine's, byte for byte. The one long Spark test (about half a minute: five JVMs start).
 */
class StandaloneClusterTest {

    /** 48 points of a few tens of milliseconds each: long enough that a worker is lost with rows still to come. */
    private static final String SWEEP = SweepTables.sweep("50, 100, 200, 400", 20000);
    private static final int POINTS = 48;
    /** Rows the driver has written when the worker is killed. */
    private static final int KILLED_AT = 12;
    private static final long SECONDS = 180;
    /** The JIT's quick compiler alone: short-lived JVMs with little work start sooner and take less CPU. */
    private static final String QUICK = "-XX:TieredStopAtLevel=1";

    @TempDir
    Path dir;

    private final List<Process> cluster = new ArrayList<>();

    @AfterEach
    void stopTheCluster() {
        for (Process process : cluster) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    @Test
    void aSweepThatLosesAWorkerMidwayGivesTheLocalEnginesTable() throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SWEEP);
        heaplab("sweep", file.toString(), "--out", dir.resolve("local").toString(), "--threads", "2");

        int port = freePort();
        String master = "spark://127.0.0.1:" + port;
        start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--webui-port", Integer.toString(freePort()));
        awaitListening(port);
        Process lost = start("worker-1", "org.apache.spark.deploy.worker.Worker", master, "--host", "127.0.0.1",
                "--cores", "1", "--memory", "1g", "--webui-port", Integer.toString(freePort()), "--work-dir",
                dir.resolve("work-1").toString());
        start("worker-2", "org.apache.spark.deploy.worker.Worker", master, "--host", "127.0.0.1", "--cores", "1",
                "--memory", "1g", "--webui-port", Integer.toString(freePort()), "--work-dir",
                dir.resolve("work-2").toString());

        Path out = dir.resolve("cluster");
        AtomicLong killedAt = new AtomicLong(-1);
        AtomicLong executorsLost = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<String> sweep = threads.submit(() -> withDriverSettings(() -> heaplab("sweep", file.toString(),
                    "--engine", "spark", "--master", master, "--out", out.toString())));
            // a lost machine: the worker and the executor it started, both at once and with no chance to clean up
            threads.submit(() -> {
                while (!sweep.isDone()) {
                    long rows = rows(out.resolve(SweepTable.JSONL));
                    if (rows >= KILLED_AT) {
                        executorsLost.set(lost.descendants().count());
                        lost.descendants().forEach(ProcessHandle::destroyForcibly);
                        lost.destroyForcibly();
                        killedAt.set(rows);
                        return null;
                    }
                    Thread.sleep(10);
                }
                return null;
            });
            String printed = sweep.get(SECONDS, TimeUnit.SECONDS);
            assertThat(killedAt.get()).as("rows when the worker was killed").isBetween((long) KILLED_AT,
                    (long) POINTS - 1);
            assertThat(lost.isAlive()).isFalse();
            // the lost worker had started an executor, and the other worker ran the rest
            assertThat(executorsLost.get()).as("executors of the lost worker").isPositive();
            assertThat(dir.resolve("work-2")).isNotEmptyDirectory();
            assertThat(printed).contains(POINTS + " point(s), " + POINTS + " run, 0 resumed, 0 failed");
            assertThat(table(out)).isEqualTo(table(dir.resolve("local")));
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * Runs {@code action} with the driver's settings as system properties, where Spark's configuration reads them:
     * the executors take this JVM's class path and module options (the workers start them with the empty
     * {@code SPARK_HOME} below), and everything stays on the loopback address.
     */
    private String withDriverSettings(java.util.concurrent.Callable<String> action) throws Exception {
        Map<String, String> settings = Map.of(
                "spark.executor.extraClassPath", System.getProperty("java.class.path"),
                "spark.executor.extraJavaOptions", String.join(" ", jvmOptions()) + " " + QUICK,
                "spark.executor.memory", "512m",
                "spark.driver.host", "127.0.0.1",
                "spark.driver.bindAddress", "127.0.0.1");
        settings.forEach(System::setProperty);
        try {
            return action.call();
        } finally {
            settings.keySet().forEach(System::clearProperty);
        }
    }

    /** Starts a Spark daemon on this JVM's class path and options, its output in {@code NAME.log}. */
    private Process start(String name, String mainClass, String... args) throws IOException {
        Path home = Files.createDirectories(dir.resolve("spark-home/jars"));
        // the daemons only pass messages: the quick compiler alone starts them sooner, on a build's two cores
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m", QUICK, "-cp", System.getProperty("java.class.path")));
        command.addAll(jvmOptions());
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        // a worker builds its executors' command from these: Spark's jars (none; the class path above carries
        // them), its Scala version, and this JDK
        builder.environment().put("SPARK_HOME", home.getParent().toString());
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Process process = builder.start();
        cluster.add(process);
        return process;
    }

    /** The module openings and flags this JVM runs with, which Spark's JVMs need too. */
    private static List<String> jvmOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("--enable-native-access")
                        || a.startsWith("--sun-misc-unsafe-memory-access") || a.startsWith("-Dio.netty")
                        || a.startsWith("-Djdk.reflect") || a.equals("-XX:+IgnoreUnrecognizedVMOptions"))
                .toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private void awaitListening(int port) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < until) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the master did not listen on " + port + ": " + Files.readString(dir.resolve(
                "master.log")));
    }

    private static long rows(Path table) {
        if (!Files.exists(table)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(table)) {
            return lines.count();
        } catch (IOException | UncheckedIOException e) {
            return 0; // being written: read again
        }
    }
}
