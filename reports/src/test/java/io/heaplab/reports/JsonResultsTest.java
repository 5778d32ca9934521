package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultsTest {

    @Test
    void matchesTheGoldenFile() throws IOException {
        GoldenFile.assertMatches("run-results.json", MachineIndependent.text(JsonResults.toBytes(Samples.runs())));
    }

    @Test
    void leavesWallTimeOut() {
        assertThat(new String(JsonResults.toBytes(Samples.runs()), StandardCharsets.UTF_8))
                .doesNotContain("123456789").doesNotContainIgnoringCase("wall");
    }

    @Test
    void writesAtomicallyOverAnOldFileAndLeavesNoTemporaryBehind(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("sub/results.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "old");
        JsonResults.write(file, Samples.runs());
        assertThat(Files.readAllBytes(file)).isEqualTo(JsonResults.toBytes(Samples.runs()));
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }
}
