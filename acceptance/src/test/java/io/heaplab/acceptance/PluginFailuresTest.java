package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.cli.Main;
import io.heaplab.core.spi.SpiVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a plugin can be wrong, fed through the command: each fails with one line naming the jar and the
 * provider, a usage error (2) when the jar cannot be loaded and a failure (1) when its code goes wrong in a run;
 * a sweep keeps the rows it measured.
 */
class PluginFailuresTest {

    private static final String WORKLOAD = "random-blocks:size=16,live=50,steps=500";

    @TempDir
    Path dir;

    private static void assertUsage(Cli cli, String... expected) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(Main.USAGE);
        assertOneLine(cli, expected);
    }

    private static void assertFailure(Cli cli, String... expected) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(Main.FAILURE);
        assertOneLine(cli, expected);
    }

    private static void assertOneLine(Cli cli, String... expected) {
        assertThat(cli.err().lines().toList()).as(cli.err()).hasSize(1);
        assertThat(cli.err()).startsWith("heaplab: ").contains(expected).doesNotContain("\tat ");
    }

    @Test
    void aFileThatIsNotAJarIsNamed() throws IOException {
        Path jar = Files.writeString(dir.resolve("notes.jar"), "these are notes, not classes");
        assertUsage(Cli.run("list", "--plugins", jar.toString()), "plugin " + jar + ": not a jar (");
    }

    @Test
    void aPathThatIsNotThereIsNamed() {
        Path missing = dir.resolve("nowhere.jar");
        assertUsage(Cli.run("list", "--plugins", missing.toString()),
                "plugin path " + missing + ": no such file or directory (expected: a plugin jar or a directory of them)");
    }

    @Test
    void aJarThatRegistersNothingIsNamed() throws IOException {
        Path jar = TestJar.write(dir.resolve("empty.jar"), List.of("BumpProvider"), List.of());
        assertUsage(Cli.run("list", "--plugins", jar.toString()), "plugin " + jar + ": registers no provider",
                "META-INF/services/io.heaplab.core.spi.AllocatorProvider");
    }

    @Test
    void aRegisteredClassMissingFromTheJarNamesJarAndProvider() throws IOException {
        Path jar = TestJar.write(dir.resolve("ghost.jar"), List.of(), List.of("GhostProvider"));
        assertUsage(Cli.run("list", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator provider failed to load: Provider io.heaplab.testplugins.GhostProvider"
                        + " not found");
    }

    @Test
    void aProviderWhoseSuperclassIsMissingNamesJarAndProvider() throws IOException {
        Path jar = TestJar.of(dir.resolve("helped.jar"), "MissingHelperProvider");
        assertUsage(Cli.run("list", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator provider failed to load: NoClassDefFoundError: "
                        + "io/heaplab/testplugins/Helper", "lists io.heaplab.testplugins.MissingHelperProvider");
    }

    @Test
    void aProviderThatThrowsWhenConstructedNamesJarProviderAndCause() throws IOException {
        Path jar = TestJar.of(dir.resolve("unconstructible.jar"), "ThrowingConstructorProvider");
        assertUsage(Cli.run("list", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator provider io.heaplab.testplugins.ThrowingConstructorProvider could "
                        + "not be constructed: ", "IllegalStateException: no licence file found");
    }

    @Test
    void aProviderThatDeclaresNoSpiVersionIsRefused() throws IOException {
        Path jar = TestJar.of(dir.resolve("undeclared.jar"), "UndeclaredVersionProvider");
        assertUsage(Cli.run("list", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator provider io.heaplab.testplugins.UndeclaredVersionProvider declares "
                        + "no SPI version (expected: @SpiVersion(SpiVersion.CURRENT) on the class");
    }

    @Test
    void aProviderBuiltAgainstAnotherSpiVersionIsRefused() throws IOException {
        Path jar = TestJar.of(dir.resolve("future.jar"), "FutureVersionProvider");
        assertUsage(Cli.run("run", "-w", WORKLOAD, "-a", "future", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator provider io.heaplab.testplugins.FutureVersionProvider was built "
                        + "against SPI version " + (SpiVersion.CURRENT + 1) + ", which this heaplab does not run "
                        + "(expected: " + SpiVersion.CURRENT + ")");
    }

    @Test
    void aNameTakenByABuiltInIsAClash() throws IOException {
        Path jar = TestJar.of(dir.resolve("clash.jar"), "ClashingBestFitProvider");
        assertUsage(Cli.run("list", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator name 'best-fit' of io.heaplab.testplugins.ClashingBestFitProvider "
                        + "(plugin " + jar + ") clashes with the built-in ", "(expected: a name of its own)");
    }

    @Test
    void aNameTakenByAnotherPluginIsAClashNamingBothJars() throws IOException {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path bump = TestJar.of(plugins.resolve("a-bump.jar"), "BumpProvider");
        Path twin = TestJar.of(plugins.resolve("b-twin.jar"), "TwinProvider");
        assertUsage(Cli.run("list", "--plugins", plugins.toString()),
                "plugin " + twin + ": allocator name 'bump' of io.heaplab.testplugins.TwinProvider (plugin " + twin
                        + ") clashes with io.heaplab.testplugins.BumpProvider from plugin " + bump);
    }

    @Test
    void anAllocatorThatHandsOutOverlappingBlocksStopsTheRun() throws IOException {
        Path jar = TestJar.of(dir.resolve("overlapping.jar"), "OverlappingProvider");
        assertFailure(Cli.run("run", "-w", WORKLOAD, "-a", "overlapping", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator 'overlapping' (", "returned the block [16, 32) for 16 bytes at request 3,"
                        + " over byte 16 of a live block (expected: a block apart from every live one)");
    }

    @Test
    void anAllocatorThatHandsOutABlockPastTheHeapStopsTheRun() throws IOException {
        Path jar = TestJar.of(dir.resolve("out-of-heap.jar"), "OutOfHeapProvider");
        assertFailure(Cli.run("run", "-w", WORKLOAD, "-a", "out-of-heap", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator 'out-of-heap' (", "returned the block [64, 80) for 16 bytes at request 5,"
                        + " outside the heap [0, 64) (expected: a block inside the heap it has grown)");
    }

    @Test
    void anAllocatorThatThrowsMidRunIsNamedWithItsCode() throws IOException {
        Path jar = TestJar.of(dir.resolve("throwing.jar"), "ThrowingProvider");
        assertFailure(Cli.run("run", "-w", WORKLOAD, "-a", "throwing", "--plugins", jar.toString()),
                "plugin " + jar + ": allocator 'throwing' failed mid-run with IllegalStateException: free list "
                        + "corrupted at request 100 (at io.heaplab.testplugins.ThrowingProvider$1.allocate)");
    }

    @Test
    void aPolicyThatThrowsMidReplayIsNamedWithItsCode() throws IOException {
        Path jar = TestJar.ofPolicies(dir.resolve("throwing-policy.jar"), "ThrowingPolicyProvider");
        Path trace = Path.of("../traces/src/test/resources/lackey/tiny.lackey");
        assertFailure(Cli.run("trace", "replay", trace.toString(), "-p", "lru:frames=4", "-p", "throwing-policy",
                        "--plugins", jar.toString()),
                "plugin " + jar + ": policy 'throwing-policy' failed mid-replay with IllegalStateException: frame"
                        + " table corrupted after ", "(at io.heaplab.testplugins.ThrowingPolicyProvider$1.accept)");
    }

    @Test
    void aSweepMarksTheFailedRowAndKeepsEveryOtherMeasured() throws IOException {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        TestJar.of(plugins.resolve("bump.jar"), "BumpProvider");
        Path throwing = TestJar.of(plugins.resolve("throwing.jar"), "ThrowingProvider");
        Path json = dir.resolve("sweep.json");
        Cli cli = Cli.run("run", "-w", WORKLOAD, "-a", "first-fit,throwing,bump", "-p", "lru:frames=4",
                "--json", json.toString(), "--plugins", plugins.toString());

        assertFailure(cli, "heaplab: run of throwing failed: plugin " + throwing + ": allocator 'throwing' failed "
                + "mid-run with IllegalStateException");
        assertThat(cli.out()).contains("first-fit", "bump", "2 run(s) in", ", 1 failed", "wrote " + json,
                "FAILED throwing on " + WORKLOAD + ", seed 1: plugin " + throwing + ": allocator 'throwing' failed");
        JsonNode document = new ObjectMapper().readTree(json.toFile());
        assertThat(document.get("runs").findValuesAsText("allocator")).containsExactly("first-fit", "bump");
        assertThat(document.get("runs").get(1).get("faults").get("lru:frames=4").asLong()).isPositive();
        assertThat(document.get("failed")).hasSize(1);
        assertThat(document.get("failed").get(0).get("allocator").asText()).isEqualTo("throwing");
        assertThat(document.get("failed").get(0).get("failure").asText()).contains(throwing.toString());
    }

    @Test
    void aPaperReproductionDropsTheFailedStrategyAndWritesTheRest() throws IOException {
        Path throwing = TestJar.of(dir.resolve("throwing.jar"), "ThrowingProvider");
        Path json = dir.resolve("brent.json");
        Cli cli = Cli.run("reproduce", "brent", "--tridiag-n", "12", "--pqsim-seconds", "20",
                "--strategies", "stack,random,throwing", "--no-report", "--json", json.toString(),
                "--plugins", throwing.toString());

        assertFailure(cli, "heaplab: plugin " + throwing + ": allocator 'throwing' failed mid-run");
        assertThat(cli.out()).contains("FAILED throwing: plugin " + throwing, "wrote " + json);
        JsonNode document = new ObjectMapper().readTree(json.toFile());
        for (JsonNode table : document.get("tables")) {
            assertThat(table.get("rows").findValuesAsText("strategy")).containsExactly("stack", "random");
        }
        assertThat(document.get("failed").get(0).get("strategy").asText()).isEqualTo("throwing");
    }

    @Test
    void purdomsReproductionKeepsTheOtherMethodsWhenTheOnePlayingFirstFitFails() throws IOException {
        Path throwing = TestJar.of(dir.resolve("throwing-purdom.jar"), "ThrowingProvider");
        Path json = dir.resolve("purdom.json");
        Cli cli = Cli.run("reproduce", "purdom", "--tables", "2", "--seeds", "1", "--requests", "200",
                "--first-fit", "throwing", "--no-report", "--json", json.toString(), "--plugins", throwing.toString());

        assertFailure(cli, "heaplab: plugin " + throwing + ": allocator 'throwing' failed mid-run");
        assertThat(cli.out()).contains("FAILED throwing: plugin " + throwing, "wrote " + json, "failed",
                "the buddy system searches less than segregated storage");
        JsonNode document = new ObjectMapper().readTree(json.toFile());
        JsonNode cell = document.get("tables").get(0).get("cells").get(0);
        assertThat(cell.get("segregated").has("measured")).isTrue();
        assertThat(cell.get("buddy").has("measured")).isTrue();
        assertThat(cell.get("firstFit").has("measured")).isFalse();
        assertThat(cell.get("firstFit").has("published")).isTrue();
        assertThat(document.get("failed").get(0).get("strategy").asText()).isEqualTo("throwing");
        // only the claim that compares the two methods measured is judged
        assertThat(document.get("claims")).hasSize(1);
    }
}
