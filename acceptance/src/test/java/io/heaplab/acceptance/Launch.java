package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ./heaplab} launcher in a process of its own, for what only a process shows: its exit code, a limit
 * the shell sets, a signal. It runs the jar the build just made, so it builds nothing here.
 */
final class Launch {

    static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
    static final String LAUNCHER = ROOT.resolve("heaplab").toString();

    record Result(int exitCode, String out, String err) {
    }

    private Launch() {
    }

    /** Runs {@code ./heaplab ARGS} to its end. */
    static Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(LAUNCHER));
        command.addAll(List.of(args));
        return finish(new ProcessBuilder(command).directory(ROOT.toFile()).start());
    }

    /** Runs {@code script} in bash, where {@code $HEAPLAB} is the launcher: {@code ulimit -f 10; "$HEAPLAB" ...}. */
    static Result shell(String script) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).directory(ROOT.toFile());
        builder.environment().put("HEAPLAB", LAUNCHER);
        return finish(builder.start());
    }

    /** Starts {@code ./heaplab ARGS} and returns at once, its output thrown away: for a signal sent mid-run. */
    static Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(LAUNCHER));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(ROOT.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static Result finish(Process process) throws IOException, InterruptedException {
        process.getOutputStream().close();
        // small outputs only: read both after exit
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("heaplab finished").isTrue();
        return new Result(process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
