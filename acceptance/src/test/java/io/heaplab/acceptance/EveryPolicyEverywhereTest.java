package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fixed-memory policy heaplab lists runs everywhere a policy goes: beside an allocator in {@code run}, on a
 * trace in {@code trace replay}, and as a point of a {@code sweep}, with the same faults in each for the same
 * references.
 */
class EveryPolicyEverywhereTest {

    private static final String WORKLOAD = "random-blocks:live=100,steps=2000";

    @TempDir
    Path dir;

    /** The policies whose first option is {@code frames} and whose others have defaults, by name. */
    private static List<String> fixedMemoryPolicies() {
        return Plugins.load().policies().all().stream()
                .filter(p -> p.options().getFirst().name().equals("frames")
                        && p.options().stream().skip(1).allMatch(o -> o.defaultValue() != null))
                .map(ReplacementPolicyProvider::name).sorted().toList();
    }

    @Test
    void runTraceReplayAndSweepGiveEachPolicyTheSameFaults() throws Exception {
        List<String> policies = fixedMemoryPolicies();
        assertThat(policies).contains("car", "clock-pro", "lirs", "lru-k", "s3fifo", "sieve", "2q", "slru", "lfu");

        List<String> run = new ArrayList<>(List.of("run", "-w", WORKLOAD, "-a", "mru", "--page-size", "512",
                "--seed", "2", "--json", dir.resolve("run.json").toString()));
        policies.forEach(p -> run.addAll(List.of("-p", p + ":frames=16")));
        Cli ran = Cli.run(run.toArray(String[]::new));
        assertThat(ran.exitCode()).as(ran.err()).isZero();
        JsonNode runFaults = new ObjectMapper().readTree(dir.resolve("run.json").toFile()).get("runs").get(0)
                .get("faults");

        Cli recorded = Cli.run("trace", "record", "-w", WORKLOAD, "-a", "mru", "--page-size", "512", "--seed", "2",
                "-o", dir.resolve("run.hlt").toString());
        assertThat(recorded.exitCode()).as(recorded.err()).isZero();
        List<String> replay = new ArrayList<>(List.of("trace", "replay", dir.resolve("run.hlt").toString(), "--json",
                dir.resolve("replay.json").toString()));
        policies.forEach(p -> replay.addAll(List.of("-p", p + ":frames=16")));
        Cli replayed = Cli.run(replay.toArray(String[]::new));
        assertThat(replayed.exitCode()).as(replayed.err()).isZero();
        JsonNode replayFaults = new ObjectMapper().readTree(dir.resolve("replay.json").toFile()).get("faults");

        Path sweep = Files.writeString(dir.resolve("every.yaml"), """
                workload: %s
                allocator: mru
                policy:
                %s
                pageSize: 512
                seed: 2
                measures: [faults]
                """.formatted(WORKLOAD, policies.stream().map(p -> "  " + p + ":\n    frames: 16")
                .collect(Collectors.joining("\n"))));
        Cli swept = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("sweep").toString());
        assertThat(swept.exitCode()).as(swept.err()).isZero();
        List<String> rows = Files.readAllLines(dir.resolve("sweep").resolve("table.csv"));
        assertThat(rows).hasSize(policies.size() + 1);

        for (String p : policies) {
            long faults = runFaults.get(p + ":frames=16").asLong();
            assertThat(faults).as(p).isPositive();
            assertThat(replayFaults.get(p + ":frames=16").asLong()).as(p).isEqualTo(faults);
            assertThat(rows).as(p).anyMatch(row -> row.contains("," + p + ",16,") && row.contains("," + faults + ","));
        }
    }
}
