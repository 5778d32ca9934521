package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small {@code heaplab reproduce carr} through the CLI, and its bad parameters. */
class ReproduceCarrTest {

    @TempDir
    static Path dir;

    @Test
    void aSmallRunPrintsTable2BesideThePaperAndWritesItsCurvesAndReport() throws Exception {
        Path json = dir.resolve("carr.json");
        Cli cli = Cli.run("reproduce", "carr", "--configurations", "A", "--thetas", "200,1000", "--tasks", "3",
                "--json", json.toString(), "--report", dir.resolve("report").toString());
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("running 6 runs", "Configuration A (400 frames)", "Table 2", "0.572",
                "WSCLOCK", "scaled down from the paper's 50 tasks", "[paper: A: WS 0.572");
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("experiment").asText()).isEqualTo("carr");
        assertThat(root.get("curves")).hasSize(3);
        for (JsonNode curve : root.get("curves")) {
            assertThat(curve.get("points")).hasSize(2);
            for (JsonNode point : curve.get("points")) {
                double utilization = point.get("utilization").get("mean").asDouble();
                assertThat(utilization).isBetween(0.0, 1.0);
                assertThat(point.get("runs").get(0).get("references").asLong()).isEqualTo(15_000_000);
            }
        }
        assertThat(dir.resolve("report/index.html")).content().contains("processor utilization against theta");
    }

    @Test
    void badParametersAreOneLineUsageErrorsNamingTheOption() {
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "-5"), "--thetas '-5' (expected: positive thousands");
        assertUsage(Cli.run("reproduce", "carr", "--configurations", "D"), "--configurations [D] (expected: some of A, B, C)");
        assertUsage(Cli.run("reproduce", "carr", "--tasks", "0"), "--tasks 0 (expected: at least 1)");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "x"), "--thetas 'x' (expected: integers");
    }

    private static void assertUsage(Cli run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.out()).isEmpty();
    }
}
