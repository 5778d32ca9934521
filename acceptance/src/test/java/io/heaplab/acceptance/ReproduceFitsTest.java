package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scaled-down {@code heaplab reproduce fits} through the CLI (the report's low load and a smaller one, every data
 * type, one timed run), its figures checked against what the report's allocator must do, worked out from the
 * algorithm rather than taken from the study's own verdicts.
 */
class ReproduceFitsTest {

    @TempDir
    static Path dir;

    private static Cli cli;
    private static JsonNode root;

    @BeforeAll
    static void reproduce() throws Exception {
        Path json = dir.resolve("fits.json");
        cli = Cli.run("reproduce", "fits", "--loads", "7000,2000", "--repeats", "1", "--json", json.toString(),
                "--csv", dir.resolve("fits.csv").toString(), "--report", dir.resolve("report").toString());
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        root = new ObjectMapper().readTree(json.toFile());
    }

    private static JsonNode measured(int load, String type, String strategy) {
        for (JsonNode cell : root.get("cells")) {
            if (cell.get("load").asInt() == load && cell.get("type").asText().equals(type)) {
                return cell.get("strategies").get(strategy).get("measured");
            }
        }
        throw new AssertionError("no cell " + load + " " + type);
    }

    @Test
    void printsTheReportsTableBesideHeaplabsWithTheClaimsJudged() throws Exception {
        assertThat(cli.out()).contains("The course report's table", "paper KB", "2132", "414",
                "The report's proposed enhancements, measured", "address-ordered", "brent-ff",
                "First fit completes the test with the greatest speed", "[paper: ");
        assertThat(root.get("cells")).hasSize(6);
        assertThat(root.get("claims")).hasSize(7);
        assertThat(Files.readString(dir.resolve("report").resolve("index.html"))).contains("heap over the run",
                "heap against time");
        assertThat(Files.readAllLines(dir.resolve("fits.csv"))).hasSize(1 + 6 * 6);
    }

    @Test
    void firstFitOnIntsExaminesOneRecordPerCallAsTheFrontBlockAlwaysFits() throws Exception {
        // every generated block (5-34 bytes) holds an int; the one in front is taken, its remainder goes to the back,
        // and blocks are freed in allocation order from the front of the list in use
        for (int load : new int[] {7000, 2000}) {
            assertThat(measured(load, "int", "first").get("searchesPerCall").asDouble()).isEqualTo(1.0);
        }
    }

    @Test
    void worstFitWalksTheWholeFreeListAtEveryRequestSoItsSearchesGrowWithTheLoad() {
        for (String type : new String[] {"int", "double", "string"}) {
            double small = measured(2000, type, "worst").get("searchesPerCall").asDouble();
            double large = measured(7000, type, "worst").get("searchesPerCall").asDouble();
            // the free list holds about `load` records throughout the allocation stage
            assertThat(large / small).as(type).isGreaterThan(3.0);
            assertThat(measured(7000, type, "worst").get("searchesPerCall").asDouble())
                    .isGreaterThan(measured(7000, type, "first").get("searchesPerCall").asDouble());
        }
    }

    @Test
    void theSamplesAreTheReportsTenthsOfEachStageWithTheirTimes() {
        for (JsonNode cell : root.get("cells")) {
            cell.get("strategies").forEach(s -> {
                assertThat(s.get("measured").get("timeline").get("requests")).hasSize(30);
                assertThat(s.get("timing").get("sampleMs")).hasSize(30);
                assertThat(s.get("timing").get("meanMs").asDouble()).isPositive();
            });
        }
    }

    @Test
    void theRecordsCountInTheResidentSetAsTheyDidInTheReportsProcess() {
        JsonNode first = measured(7000, "int", "first");
        assertThat(first.get("allocatorReferences").asLong()).isPositive();
        // 7000 generated blocks of 19.5 bytes on average and 14000 records of 40 bytes: about 680 KB
        assertThat(first.get("residentKB").asDouble()).isBetween(600.0, 760.0);
    }
}
