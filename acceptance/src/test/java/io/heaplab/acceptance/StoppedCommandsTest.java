package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command stopped by a signal while it works leaves nothing behind: the program {@code malloc capture} ran is
 * stopped with it, not orphaned, and its raw traces and their temporary directory are removed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StoppedCommandsTest {

    @TempDir
    Path dir;

    @Test
    void aStoppedCaptureStopsItsCommandAndRemovesItsRawTraces() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/cc")) || Files.isExecutable(Path.of("/usr/bin/gcc")),
                "a C compiler builds the capture library");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path pid = dir.resolve("command.pid");
        ProcessBuilder builder = new ProcessBuilder(Launch.LAUNCHER, "malloc", "capture", "-o",
                dir.resolve("t.hmt").toString(), "--", "sh", "-c", "echo $$ > " + pid + "; exec sleep 60")
                .directory(Launch.ROOT.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("HEAPLAB_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp);
        Process heaplab = builder.start();
        // the command runs once it has written its pid (the capture library built and its directory made first)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!(Files.exists(pid) && Files.size(pid) > 0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(pid).exists();
        long command = Long.parseLong(Files.readString(pid).strip());
        assertThat(ProcessHandle.of(command)).isPresent();
        try (var made = Files.list(tmp)) {
            assertThat(made.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("heaplab-capture-"));
        }
        heaplab.destroy(); // SIGTERM, as kill sends it
        assertThat(heaplab.waitFor(30, TimeUnit.SECONDS)).isTrue();
        // the command is stopped with heaplab, not left running on its own
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ProcessHandle.of(command).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(command).map(ProcessHandle::isAlive).orElse(false)).as("the command").isFalse();
        try (var left = Files.list(tmp)) {
            List<String> names = left.map(p -> p.getFileName().toString()).toList();
            assertThat(names).as("raw traces left").noneMatch(n -> n.startsWith("heaplab-capture-"));
        }
    }
}
