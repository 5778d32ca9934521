package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Whether a hidden temporary file with some bytes in it is there yet. */
    private static boolean writing(Path out) throws Exception {
        try (Stream<Path> files = Files.list(out)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp") && f.toFile().length() > 0);
        }
    }
}
