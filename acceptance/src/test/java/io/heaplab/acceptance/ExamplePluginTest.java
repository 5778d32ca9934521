package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example plugin of {@code examples/quick-fit}, built by the reactor into a jar that is not on heaplab's class
 * path, loaded with {@code --plugins}: it is listed with its jar and measured beside the built-in strategies.
 */
class ExamplePluginTest {

    private static final Path JAR = Path.of(System.getProperty("heaplab.exampleJar",
            "examples/quick-fit/target/quick-fit.jar")).toAbsolutePath().normalize();
    /** Purdom's variable sizes in a growable heap, so every strategy meets every request. */
    private static final String WORKLOAD = "purdom:lambda=32,c=4,memory=0,requests=3000";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeAll
    static void theReactorBuiltTheJar() {
        assertThat(JAR).as("examples/quick-fit is built into a jar before these tests run").isRegularFile();
    }

    @Test
    void listShowsThePluginAndTheJarItCameFromBesideTheBuiltIns() throws IOException {
        Cli text = Cli.run("list", "--plugins", JAR.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("  quick-fit        exact-size LIFO lists for small sizes",
                "      quick=<a positive integer>",
                "      from plugin " + JAR + " (com.example.quickfit.QuickFitProvider)",
                "  best-fit ", "  lru ");

        Cli json = Cli.run("list", "--json", "--plugins", JAR.toString());
        JsonNode allocators = JSON.readTree(json.out()).get("allocators");
        assertThat(sourceOf(allocators, "quick-fit")).isEqualTo(JAR.toString());
        assertThat(sourceOf(allocators, "best-fit")).isEqualTo("built-in");
    }

    private static String sourceOf(JsonNode providers, String name) {
        for (JsonNode provider : providers) {
            if (provider.get("name").asText().equals(name)) {
                return provider.get("source").asText();
            }
        }
        throw new AssertionError(name + " is not listed");
    }

    @Test
    void runMeasuresThePluginBesideTheBuiltInsOnTheSameRequests() throws IOException {
        Path json = dir.resolve("run.json");
        Cli cli = Cli.run("run", "--plugins", JAR.toString(), "-w", WORKLOAD, "-a", "first-fit,quick-fit,best-fit",
                "-p", "lru:frames=4", "--page-size", "256", "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("first-fit", "quick-fit", "best-fit", "3 run(s) in");

        JsonNode runs = JSON.readTree(json.toFile()).get("runs");
        assertThat(runs.findValuesAsText("allocator")).containsExactly("first-fit", "quick-fit", "best-fit");
        JsonNode firstFit = runs.get(0);
        JsonNode quickFit = runs.get(1);
        // the workload decides the requests: every strategy serves the same ones
        assertThat(quickFit.get("allocations").asLong()).isEqualTo(firstFit.get("allocations").asLong())
                .isEqualTo(3000);
        assertThat(quickFit.get("frees").asLong()).isEqualTo(firstFit.get("frees").asLong());
        // yet the layout is quick fit's own: its references, searches and faults are its own
        assertThat(quickFit.get("searches").asLong()).isPositive();
        assertThat(quickFit.get("meanSearches").asDouble()).isLessThan(firstFit.get("meanSearches").asDouble());
        assertThat(quickFit.get("faults").get("lru:frames=4").asLong()).isPositive();
        assertThat(quickFit.get("allocatorReferences").asLong())
                .isNotEqualTo(firstFit.get("allocatorReferences").asLong());
    }

    @Test
    void thePluginOptionGoesAfterTheSubcommandOrBeforeItAndTheEnvironmentNamesPluginsToo() throws IOException {
        String[] run = {"run", "-w", "random-blocks:size=24,live=40,steps=400", "-a", "quick-fit:quick=2"};
        Cli before = Cli.run(concat(new String[] {"--plugins", JAR.toString()}, run));
        Cli after = Cli.run(concat(run, new String[] {"--plugins", JAR.toString()}));
        assertThat(before.exitCode()).as(before.err()).isZero();
        assertThat(after.exitCode()).as(after.err()).isZero();
        // the same table either way; only the wall time at the end may differ
        assertThat(after.out().lines().limit(4)).isEqualTo(before.out().lines().limit(4).toList())
                .anyMatch(line -> line.startsWith("quick-fit:quick=2 "));

        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Files.copy(JAR, plugins.resolve("quick-fit.jar"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(Plugins.load(), List.of(plugins), new PrintWriter(out), new PrintWriter(err), run);
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("quick-fit:quick=2");

        Cli without = Cli.run(run);
        assertThat(without.exitCode()).isEqualTo(Main.USAGE);
        assertThat(without.err()).contains("unknown allocator 'quick-fit'");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
