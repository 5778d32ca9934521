package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.PagingOutcome;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library example {@code examples/library/FaultCurves.java}, run as a user runs it: a single-file program in
 * a JVM of its own (this test's JDK), on heaplab's class path without picocli or the command. What it prints is
 * what the {@link Runner} gives for the same specs. And run as the README shows it, through
 * {@code examples/library/run}, which takes the launcher's JDK 25 even where the {@code java} on the PATH is older.
 */
class LibraryExampleTest {

    private static final Path EXAMPLE = Path.of(System.getProperty("heaplab.libraryExample",
            "../examples/library/FaultCurves.java")).toAbsolutePath().normalize();
    private static final Path RUN = EXAMPLE.resolveSibling("run");
    private static final Pattern TITLE = Pattern.compile("(\\S+), (\\d+)-byte pages, seed (-?\\d+): LRU faults by frames");
    private static final String LRU = "lru:frames=all";

    record Row(String strategy, long[] faults) {
    }

    @Test
    void itPrintsTheLruCurvesTheRunnerGivesWithoutTheCommandOnTheClassPath() throws Exception {
        assertThat(EXAMPLE).isRegularFile();
        List<String> kept = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            boolean command = entry.contains("picocli") || entry.contains("heaplab-cli")
                    || entry.replace('\\', '/').contains("/cli/target/");
            (command ? dropped : kept).add(entry);
        }
        assertThat(dropped).as("the test class path holds the command, to be left out").isNotEmpty()
                .anyMatch(entry -> entry.contains("picocli"));

        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // C1 alone and one GC thread: a program of a few seconds starts and ends sooner on a busy machine
        Process process = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "--class-path",
                String.join(File.pathSeparator, kept), EXAMPLE.toString()).start();
        process.getOutputStream().close();
        // small outputs only: read both after exit
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the example finished").isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(err).isZero();
        assertThat(err).isEmpty();

        List<String> lines = out.lines().toList();
        assertThat(lines).hasSize(4);
        // the example's README shows this output: it must be what the program prints
        assertThat(Files.readString(EXAMPLE.resolveSibling("README.md"))).as("examples/library/README.md")
                .contains("```\n" + out + "```");
        Matcher title = TITLE.matcher(lines.get(0));
        assertThat(title.matches()).as(lines.get(0)).isTrue();
        String workload = title.group(1);
        int pageSize = Integer.parseInt(title.group(2));
        long seed = Long.parseLong(title.group(3));
        assertThat(lines.get(1)).startsWith("frames");
        long[] frames = numbers(lines.get(1));
        assertThat(frames).isNotEmpty().isSorted();
        Row stack = row(lines.get(2));
        Row mru = row(lines.get(3));
        assertThat(stack.strategy()).isEqualTo("stack");
        assertThat(mru.strategy()).isEqualTo("mru");

        for (Row row : List.of(stack, mru)) {
            assertThat(row.faults()).hasSameSizeAs(frames);
            // LRU is a stack algorithm: more frames never fault more
            for (int i = 1; i < frames.length; i++) {
                assertThat(row.faults()[i]).as(row.strategy() + " at " + frames[i]).isLessThanOrEqualTo(row.faults()[i - 1]);
            }
            assertThat(row.faults()[0]).isPositive();
        }
        assertThat(mru.faults()).as("the strategies lay blocks out differently").isNotEqualTo(stack.faults());

        Runner runner = new Runner(Plugins.load());
        RunSpec.Builder spec = RunSpec.workload(workload).policy(LRU).pageSize(pageSize).seed(seed);
        for (Row row : List.of(stack, mru)) {
            PagingOutcome.Curve curve = runner.run(spec.allocator(row.strategy()).build()).curve(LRU);
            long[] expected = Arrays.stream(frames).map(curve::faultsAt).toArray();
            assertThat(row.faults()).as(row.strategy()).isEqualTo(expected);
        }
    }

    @Test
    void theRunScriptTakesTheLaunchersJdkNotAnOlderJavaOnThePath(@TempDir Path dir) throws Exception {
        assertThat(RUN).isRegularFile().isExecutable();
        // a java on the PATH as a fresh machine may have it: too old for heaplab's class files
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path oldJava = bin.resolve("java");
        Files.writeString(oldJava, """
                #!/bin/sh
                echo "Error: LinkageError occurred while loading main class FaultCurves" >&2
                echo "java.lang.UnsupportedClassVersionError: class file has wrong version 69.0, should be 61.0" >&2
                exit 1
                """);
        assertThat(oldJava.toFile().setExecutable(true)).isTrue();

        Path root = RUN.getParent().getParent().getParent();
        ProcessBuilder builder = new ProcessBuilder(RUN.toString(), "examples/library/FaultCurves.java")
                .directory(root.toFile());
        builder.environment().put("PATH", bin + File.pathSeparator + builder.environment().getOrDefault("PATH", ""));
        // the launcher's options reach the JVM: C1 alone and one GC thread, as above
        builder.environment().put("HEAPLAB_JAVA_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the example finished").isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(err).isZero();
        // nothing built (the jar is the build's own) and no word from the old java
        assertThat(err).isEmpty();
        assertThat(out.lines().toList()).hasSize(4);
        assertThat(Files.readString(EXAMPLE.resolveSibling("README.md"))).as("examples/library/README.md")
                .contains("```\n" + out + "```");
    }

    @Test
    void theRunScriptWithoutAProgramIsAUsageError() throws Exception {
        Process process = new ProcessBuilder(RUN.toString()).start();
        process.getOutputStream().close();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .startsWith("usage: examples/library/run PROGRAM.java");
    }

    private static Row row(String line) {
        String[] words = line.strip().split("\\s+", 2);
        return new Row(words[0], numbers(line));
    }

    private static long[] numbers(String line) {
        String[] words = line.strip().split("\\s+");
        return Arrays.stream(words, 1, words.length).mapToLong(Long::parseLong).toArray();
    }
}
