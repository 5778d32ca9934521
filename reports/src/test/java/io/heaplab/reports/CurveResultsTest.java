package io.heaplab.reports;

import static io.heaplab.reports.Golden.golden;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CurveResultsTest {

    @Test
    void jsonMatchesTheGoldenFile() throws IOException {
        String actual = Golden.withoutEnvironment(
                JsonResults.render(CurveResults.toTree(Samples.stream(), Samples.curves())));
        Golden.assertGolden(actual, "golden/curves.json");
    }

    @Test
    void csvMatchesTheGoldenFile() throws IOException {
        Golden.assertGolden(new String(CurveResults.toCsv(Samples.curves()), StandardCharsets.UTF_8), "golden/curves.csv");
    }

    @Test
    void aPointWithoutFaultsHasNoLifetime() {
        String csv = new String(CurveResults.toCsv(Samples.curves()), StandardCharsets.UTF_8);
        assertThat(csv.lines()).contains("lru:frames=all,frames,3,0,0.0,0,2.5,");
        assertThat(CurveResults.toTree(Samples.stream(), Samples.curves()).get("curves").get(0).get("lifetime")
                .get(2).isNull()).isTrue();
    }

    @Test
    void aSpecWithACommaIsQuotedInCsv() {
        var curves = new java.util.LinkedHashMap<>(Samples.curves());
        curves.put("opt:frames=all,x=1", Samples.curves().firstEntry().getValue());
        assertThat(new String(CurveResults.toCsv(curves), StandardCharsets.UTF_8).lines())
                .anyMatch(line -> line.startsWith("\"opt:frames=all,x=1\",frames,1,12,"));
    }

    @Test
    void writesBothFiles(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("out/curves.json");
        Path csv = dir.resolve("out/curves.csv");
        CurveResults.write(json, csv, Samples.stream(), Samples.curves());
        assertThat(Files.readAllBytes(csv)).isEqualTo(CurveResults.toCsv(Samples.curves()));
        assertThat(Files.readString(json)).contains("\"axis\" : \"window\"");
    }

    @Test
    void replayJsonMatchesTheGoldenFile() throws IOException {
        String actual = Golden.withoutEnvironment(
                JsonResults.render(ReplayResults.toTree(Samples.stream(), Samples.replayed())));
        Golden.assertGolden(actual, "golden/replay.json");
    }
}
