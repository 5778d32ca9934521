package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Plugins that try to end heaplab or never return: each is named, its row fails, the others are measured and
 * written, and the exit code is heaplab's. The process-level cases run the launcher, where an exit that got
 * through would end the process with the plugin's status.
 */
// alone: it sets the process-wide plugin time limit (--plugin-time-limit), which every in-process command resets
@Isolated
class PluginContainmentTest {

    private static final String WORKLOAD = "random-blocks:size=16,live=50,steps=500";

    @TempDir
    Path dir;

    @Test
    void aPluginThatCallsSystemExitOrHaltFailsItsRowAndTheSweepIsWritten() throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path exiting = TestJar.of(plugins.resolve("exiting.jar"), "ExitingProvider");
        Path halting = TestJar.of(plugins.resolve("halting.jar"), "HaltingProvider");
        Path json = dir.resolve("sweep.json");
        Launch.Result sweep = Launch.run("run", "-w", WORKLOAD, "-a", "first-fit,exiting,halting,stack", "-p",
                "lru:frames=4", "--json", json.toString(), "--plugins", plugins.toString());
        assertThat(sweep.exitCode()).as(sweep.err()).isEqualTo(Main.FAILURE);
        assertThat(sweep.out()).contains("FAILED exiting on " + WORKLOAD + ", seed 1: plugin " + exiting
                + ": allocator 'exiting' failed mid-run with PluginExitError: called System.exit(3) (expected: a plugin"
                + " returns or throws; ending heaplab is not its to do)")
                .contains("FAILED halting on " + WORKLOAD + ", seed 1: plugin " + halting
                        + ": allocator 'halting' failed mid-run with PluginExitError: called Runtime.halt(7)")
                .contains("2 run(s) in", "2 failed", "wrote " + json);
        JsonNode document = new ObjectMapper().readTree(json.toFile());
        assertThat(document.get("runs").findValuesAsText("allocator")).containsExactly("first-fit", "stack");
        assertThat(document.get("failed").findValuesAsText("allocator")).containsExactly("exiting", "halting");
    }

    @Test
    void aTraceRecordedByAnExitingPluginLeavesNoFileBehind() throws Exception {
        Path exiting = TestJar.of(dir.resolve("exiting.jar"), "ExitingProvider");
        Path out = Files.createDirectory(dir.resolve("out"));
        Launch.Result record = Launch.run("trace", "record", "-w", WORKLOAD, "-a", "exiting", "-o",
                out.resolve("t.hlt").toString(), "--plugins", exiting.toString());
        assertThat(record.exitCode()).isEqualTo(Main.FAILURE);
        assertThat(record.err()).hasLineCount(1).contains("called System.exit(3)");
        try (var left = Files.list(out)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aProviderThatExitsWhenConstructedIsAUsageErrorNamingIt() throws Exception {
        Path jar = TestJar.of(dir.resolve("constructor.jar"), "ExitingConstructorProvider");
        Launch.Result list = Launch.run("list", "--plugins", jar.toString());
        assertThat(list.exitCode()).isEqualTo(Main.USAGE);
        assertThat(list.err()).isEqualTo("heaplab: plugin " + jar + ": allocator provider"
                + " io.heaplab.testplugins.ExitingConstructorProvider could not be constructed: Provider"
                + " io.heaplab.testplugins.ExitingConstructorProvider could not be instantiated: PluginExitError:"
                + " called System.exit(0) (expected: a plugin returns or throws; ending heaplab is not its to do)\n");
    }

    @Test
    void aRunThatNeverReturnsFailsAtTheTimeLimitAndTheOthersAreWritten() throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path hanging = TestJar.write(plugins.resolve("hanging.jar"), List.of("HangingProvider", "Forever"),
                List.of("HangingProvider"));
        Path json = dir.resolve("sweep.json");
        Cli sweep = Cli.run("run", "-w", WORKLOAD, "-a", "first-fit,hanging,stack", "--json", json.toString(),
                "--plugins", plugins.toString(), "--plugin-time-limit", "2");
        assertThat(sweep.exitCode()).isEqualTo(Main.FAILURE);
        assertThat(sweep.out()).contains("FAILED hanging on " + WORKLOAD + ", seed 1: plugin " + hanging
                + ": allocator 'hanging': the run did not finish within 2 s (expected: plugin code that returns;"
                + " --plugin-time-limit sets the limit, 600 s by default)");
        JsonNode document = new ObjectMapper().readTree(json.toFile());
        assertThat(document.get("runs").findValuesAsText("allocator")).containsExactly("first-fit", "stack");
    }

    @Test
    void aLoaderThatNeverReturnsIsNamedAtTheTimeLimitEvenForACommandThatRunsNoPlugin() throws Exception {
        Path jar = TestJar.write(dir.resolve("initializer.jar"), List.of("HangingInitializerProvider", "Forever"),
                List.of("HangingInitializerProvider"));
        Path trace = Path.of("../traces/src/test/resources/lackey/tiny.lackey");
        Cli replay = Cli.run("trace", "replay", trace.toString(), "-p", "lru:frames=2", "--plugins", jar.toString(),
                "--plugin-time-limit", "1");
        assertThat(replay.exitCode()).isEqualTo(Main.USAGE);
        assertThat(replay.err()).isEqualTo("heaplab: plugin " + jar + ": loading allocator provider"
                + " io.heaplab.testplugins.HangingInitializerProvider did not finish within 1 s (expected: plugin"
                + " code that returns; --plugin-time-limit sets the limit, 600 s by default)\n");
    }
}
