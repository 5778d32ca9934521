package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.sweep.HeaplabJar;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code heaplab sweep --engine spark} from the plain heaplab jar, which does not carry Spark: the same command
 * submitted with {@code spark-submit} in heaplab's Spark job jar, whose engine then runs it.
 */
final class SparkSubmit {

    /** Names the job jar when it is not where a build of heaplab puts it. */
    static final String JAR_VARIABLE = "HEAPLAB_SPARK_JAR";
    private static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** Where {@code mvn package} puts the job jar, from the root of heaplab's sources. */
    static final String BUILT_JAR = "spark/target/heaplab-spark.jar";
    /** How long python3 may take to say where pyspark is. */
    private static final int PYTHON_SECONDS = 20;

    private SparkSubmit() {
    }

    /** Submits {@code args}, the command as given, and returns spark-submit's exit code. */
    static int run(String engine, String master, List<String> args, PrintWriter err)
            throws IOException, InterruptedException {
        Map<String, String> environment = System.getenv();
        Path submit = submitCommand(environment);
        Path jar = jobJar(environment);
        List<String> command = new ArrayList<>(List.of(submit.toString()));
        if (master != null) {
            command.addAll(List.of("--master", master));
        }
        // the heap reserves its address space through the FFM API, on the driver and on every executor
        command.addAll(List.of("--class", Main.class.getName(), "--driver-java-options", NATIVE_ACCESS, "--conf",
                "spark.executor.extraJavaOptions=" + NATIVE_ACCESS, jar.toString()));
        command.addAll(args);
        err.println("heaplab: the " + engine + " engine runs in " + jar + ": " + String.join(" ", command));
        err.flush();
        // the job's output and Spark's log go where heaplab's would, each to its own stream; the driver runs on the
        // JDK heaplab runs on, which spark-submit takes from JAVA_HOME (else the PATH's java, often an older one
        // that cannot load heaplab's classes)
        ProcessBuilder submitting = new ProcessBuilder(command).inheritIO();
        submitting.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return submitting.start().waitFor();
    }

    private static Path submitCommand(Map<String, String> environment) throws IOException, InterruptedException {
        String home = environment.get("SPARK_HOME");
        if (home != null && !home.isBlank()) {
            Path submit = Path.of(home, "bin", "spark-submit");
            if (Files.isExecutable(submit)) {
                return submit;
            }
            throw new SpecException("--engine spark: SPARK_HOME " + home + " has no bin/spark-submit (expected: a"
                    + " Spark 4 installation)");
        }
        Path onPath = onPath(environment, "spark-submit");
        if (onPath != null) {
            return onPath;
        }
        Path pyspark = pysparkSubmit(environment);
        if (pyspark != null) {
            return pyspark;
        }
        throw new SpecException("--engine spark: this heaplab jar does not carry Spark and no spark-submit was found"
                + " (expected: SPARK_HOME naming a Spark 4 installation, spark-submit on the PATH, or pyspark "
                + "installed for python3, as 'pip install pyspark' does; see docs/spark.md)");
    }

    /** The executable {@code name} in a directory of the {@code PATH}, or null. */
    private static Path onPath(Map<String, String> environment, String name) {
        for (String dir : environment.getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name);
            }
        }
        return null;
    }

    /**
     * The {@code bin/spark-submit} of the pyspark package python3 imports ({@code pip install pyspark} carries a
     * whole Spark), or null: no python3, no pyspark, or python3 not answering within {@value #PYTHON_SECONDS} s.
     */
    private static Path pysparkSubmit(Map<String, String> environment) throws IOException, InterruptedException {
        Path python = onPath(environment, "python3");
        if (python == null) {
            return null;
        }
        Process process;
        try {
            process = new ProcessBuilder(python.toString(), "-c",
                    "import os, pyspark; print(os.path.dirname(pyspark.__file__))")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return null; // a python3 that cannot be started has no pyspark to give
        }
        process.getOutputStream().close();
        // waited for first, then read: one short line fits the pipe, and a python3 that hangs is given up on
        if (!process.waitFor(PYTHON_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return null;
        }
        byte[] out = process.getInputStream().readNBytes(64 * 1024);
        String dir = new String(out, java.nio.charset.StandardCharsets.UTF_8).strip();
        if (process.exitValue() != 0 || dir.isEmpty() || dir.contains("\n")) {
            return null;
        }
        Path submit = Path.of(dir, "bin", "spark-submit");
        return Files.isExecutable(submit) ? submit : null;
    }

    private static Path jobJar(Map<String, String> environment) {
        String named = environment.get(JAR_VARIABLE);
        if (named != null && !named.isBlank()) {
            if (!Files.isRegularFile(Path.of(named))) {
                throw new SpecException(JAR_VARIABLE + " " + named + " is not a file (expected: heaplab's Spark job"
                        + " jar)");
            }
            return Path.of(named);
        }
        Path root = root();
        Path jar = root == null ? Path.of(BUILT_JAR) : root.resolve(BUILT_JAR);
        if (!Files.isRegularFile(jar)) {
            throw new SpecException("--engine spark: no Spark job jar at " + jar + " (expected: one built by 'mvn -pl"
                    + " spark -am package', or " + JAR_VARIABLE + " naming it)");
        }
        return jar;
    }

    /** The root of heaplab's sources when this code runs from cli/target/heaplab.jar there, else null. */
    private static Path root() {
        Path jar = HeaplabJar.path();
        return jar == null || jar.getParent() == null || jar.getParent().getParent() == null ? null
                : jar.getParent().getParent().getParent();
    }
}
