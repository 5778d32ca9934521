package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** A command stopped by a signal while it writes leaves nothing behind: no hidden temporary file, no half output. */
class InterruptedWritesTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aTraceRecordStoppedMidWriteRemovesItsTemporaryFile(String signal) throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Process record = Launch.start("trace", "record", "-w", "random-blocks:live=100000,steps=1000000000", "-a",
                "stack", "-o", out.resolve("t.hlt").toString());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!writing(out)) {
                assertThat(record.isAlive()).as("still recording").isTrue();
                assertThat(System.nanoTime()).as("a temporary file appears").isLessThan(deadline);
                Thread.sleep(20);
            }
            new ProcessBuilder("kill", "-" + signal, Long.toString(record.pid())).start().waitFor();
            assertThat(record.waitFor(30, TimeUnit.SECONDS)).as("stopped by SIG" + signal).isTrue();
        } finally {
            record.destroyForcibly();
        }
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left.map(p -> p.getFileName().toString()).toList()).isEqualTo(List.of());
        }
    }

    /**
     * A report stopped while its charts are drawn removes its staged directory, though a drawing thread may still be
     * writing a chart into it as the cleanup runs (the cleanup tries again until the directory is gone). Stopped
     * after a few charts and after many, for each signal.
     */
    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aReportStoppedWhileItsChartsAreDrawnLeavesNoStagedDirectory(String signal) throws Exception {
        Path inputs = Files.createDirectory(dir.resolve("inputs"));
        Path sample = Launch.ROOT.resolve("reports/src/test/resources/golden/replay.json");
        List<String> args = new ArrayList<>(List.of("report"));
        for (int i = 0; i < 80; i++) {
            args.add(Files.copy(sample, inputs.resolve("replay-" + i + ".json")).toString());
        }
        Path out = Files.createDirectory(dir.resolve("out"));
        args.addAll(List.of("-o", out.resolve("report").toString()));
        for (int charts : new int[] {2, 30}) {
            Process report = Launch.start(args.toArray(String[]::new));
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (chartsDrawn(out) < charts) {
                    assertThat(report.isAlive()).as("still drawing").isTrue();
                    assertThat(System.nanoTime()).as("%d charts drawn", charts).isLessThan(deadline);
                    Thread.sleep(5);
                }
                new ProcessBuilder("kill", "-" + signal, Long.toString(report.pid())).start().waitFor();
                assertThat(report.waitFor(30, TimeUnit.SECONDS)).as("stopped by SIG" + signal).isTrue();
            } finally {
                report.destroyForcibly();
            }
            try (Stream<Path> left = Files.list(out)) {
                assertThat(left.map(p -> p.getFileName().toString()).toList()).as("after %d charts", charts)
                        .isEqualTo(List.of());
            }
        }
    }

    /** The charts a report being staged in {@code out} has written so far. */
    private static long chartsDrawn(Path out) throws Exception {
        try (Stream<Path> staged = Files.list(out)) {
            for (Path dir : staged.toList()) {
                Path charts = dir.resolve("charts");
                if (Files.isDirectory(charts)) {
                    try (Stream<Path> files = Files.list(charts)) {
                        return files.count();
                    } catch (java.nio.file.NoSuchFileException gone) {
                        return 0;
                    }
                }
            }
        }
        return 0;
    }

    /** Whether a hidden temporary file with some bytes in it is there yet. */
    private static boolean writing(Path out) throws Exception {
        try (Stream<Path> files = Files.list(out)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp") && f.toFile().length() > 0);
        }
    }
}
