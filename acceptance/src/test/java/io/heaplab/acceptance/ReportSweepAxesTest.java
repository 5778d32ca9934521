package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heaplab sweep} then {@code heaplab report}: a sweep over memory sizes is drawn against them by default. */
class ReportSweepAxesTest {

    @TempDir
    Path dir;

    @Test
    void aSweepOverFramesIsDrawnAgainstFramesNotAChartPerFramesValue() throws Exception {
        Path sweep = Files.writeString(dir.resolve("frames.yaml"), """
                workload:
                  random-blocks:
                    live: [50, 100]
                    steps: 2000
                allocator: [stack, mru]
                policy:
                  lru:
                    frames: [4, 8, 16]
                  fifo:
                    frames: [4, 8, 16]
                pageSize: 512
                seed: 1
                measures: [faults]
                """);
        Path table = dir.resolve("out");
        Cli swept = Cli.run("sweep", sweep.toString(), "--out", table.toString(), "--threads", "1");
        assertThat(swept.exitCode()).as(swept.err()).isZero();
        Path report = dir.resolve("report");
        Cli cli = Cli.run("report", table.resolve("table.jsonl").toString(), "--out", report.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode figures = new ObjectMapper().readTree(report.resolve("report.json").toFile())
                .path("sections").path(0).path("figures");
        List<String> titles = new ArrayList<>();
        figures.forEach(f -> titles.add(f.path("title").asText()));
        // live, the allocator and the policy vary beside frames: a line per allocator, a chart per live and policy
        assertThat(titles).containsExactly("faults against frames, live 50, policy lru",
                "faults against frames, live 50, policy fifo", "faults against frames, live 100, policy lru",
                "faults against frames, live 100, policy fifo");
        for (JsonNode figure : figures) {
            assertThat(figure.path("x").path("label").asText()).isEqualTo("frames");
            assertThat(figure.path("series")).extracting(s -> s.path("name").asText())
                    .containsExactly("allocator stack", "allocator mru");
            assertThat(figure.path("series").path(0).path("x")).extracting(JsonNode::asDouble)
                    .containsExactly(4.0, 8.0, 16.0);
        }
    }
}
