package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.HeaplabVersion;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One version everywhere: {@code --version} and every result file name the one the build stamped into core. */
class VersionTest {

    @TempDir
    Path dir;

    @Test
    void theCommandAndItsResultFilesNameTheVersionTheBuildStamped() throws Exception {
        String version = HeaplabVersion.current();
        assertThat(version).isNotEqualTo(HeaplabVersion.UNKNOWN);

        Cli cli = Cli.run("--version");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).isEqualTo("heaplab " + version + System.lineSeparator());

        Path json = dir.resolve("run.json");
        assertThat(Cli.run("run", "-w", "random-blocks:live=50,steps=300", "-a", "stack", "--json", json.toString())
                .exitCode()).isZero();
        assertThat(new ObjectMapper().readTree(json.toFile()).get("environment").get("heaplab").asText())
                .isEqualTo(version);
    }
}
