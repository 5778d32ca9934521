package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ARC and the two-list policy on a heap workload: a program touches a page many times in a row, so counting each of
 * those references as a use made every page "frequent" on its first touch and ARC exactly LRU. With a run of
 * consecutive references counted as one use (the default correlated reference period), they differ.
 */
class CorrelatedReferencesTest {

    @TempDir
    Path dir;

    @Test
    void arcDiffersFromLruOnAHeapWorkloadUnlessEveryReferenceCounts() throws Exception {
        Path json = dir.resolve("arc.json");
        Cli cli = Cli.run("run", "-w", "random-blocks:live=2000,steps=20000", "-a", "stack,mru", "--page-size", "512",
                "-p", "lru:frames=25", "-p", "arc:frames=25", "-p", "arc:frames=25,correlation=0",
                "-p", "twolist:frames=25", "-p", "twolist:frames=25,correlation=0", "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        for (JsonNode run : new ObjectMapper().readTree(json.toFile()).get("runs")) {
            JsonNode faults = run.get("faults");
            long lru = faults.get("lru:frames=25").asLong();
            String allocator = run.get("allocator").asText();
            // every reference a use: a page's second reference comes in its first run, so it enters T2 at once
            assertThat(faults.get("arc:frames=25,correlation=0").asLong()).as(allocator).isEqualTo(lru);
            assertThat(faults.get("arc:frames=25").asLong()).as(allocator).isNotEqualTo(lru);
            assertThat(faults.get("twolist:frames=25").asLong()).as(allocator)
                    .isNotEqualTo(faults.get("twolist:frames=25,correlation=0").asLong());
        }
    }
}
