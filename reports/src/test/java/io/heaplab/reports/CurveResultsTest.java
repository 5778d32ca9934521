package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CurveResultsTest {

    @Test
    void jsonMatchesTheGoldenFile() throws IOException {
        GoldenFile.assertMatches("curves.json", MachineIndependent.text(
                JsonResults.render(CurveResults.toTree(Samples.stream(), Samples.curves()))));
    }

    @Test
    void jsonWithEachCurvesMissRatioOverTimeMatchesTheGoldenFile() throws IOException {
        var lru = new io.heaplab.core.run.CurveWindows(new long[] {1, 2, 3},
                new long[][] {{8, 4}, {6, 2}, {3, 0}});
        var ws = new io.heaplab.core.run.CurveWindows(new long[] {1, 2, 136},
                new long[][] {{10, 10}, {5, 4}, {3, 0}});
        var curves = new java.util.LinkedHashMap<String, io.heaplab.core.run.CurveWindows>();
        curves.put("lru:frames=all", lru);
        curves.put("ws:theta=all", ws);
        var windows = new io.heaplab.core.run.FaultWindows(20, new long[] {20, 40}, new java.util.LinkedHashMap<>(),
                curves, java.util.List.of());
        GoldenFile.assertMatches("curves-windows.json", MachineIndependent.text(JsonResults.render(
                CurveResults.toTree(java.util.List.of(Samples.stream()), java.util.List.of(Samples.curves()),
                        java.util.List.of(windows)))));
    }

    @Test
    void csvMatchesTheGoldenFile() {
        GoldenFile.assertMatches("curves.csv", TidyCsv.toCsv(Samples.stream(), Samples.curves()));
    }

    @Test
    void aPointWithoutFaultsHasNoLifetime() {
        String csv = new String(TidyCsv.toCsv(Samples.stream(), Samples.curves()), StandardCharsets.UTF_8);
        assertThat(csv.lines()).contains("\"ls.lackey\",,,,4096,40,4,0,3,,,,,,,,,,\"lru:frames=all\",frames,3,0,0.0,0,2.5,,,,");
        assertThat(CurveResults.toTree(Samples.stream(), Samples.curves()).get("streams").get(0).get("curves").get(0)
                .get("lifetime")
                .get(2).isNull()).isTrue();
    }

    @Test
    void aSpecWithACommaIsQuotedInCsv() {
        var curves = new java.util.LinkedHashMap<>(Samples.curves());
        curves.put("opt:frames=all,x=1", Samples.curves().firstEntry().getValue());
        assertThat(new String(TidyCsv.toCsv(Samples.stream(), curves), StandardCharsets.UTF_8).lines())
                .anyMatch(line -> line.contains(",\"opt:frames=all,x=1\",frames,1,12,"));
    }

    @Test
    void writesBothFiles(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("out/curves.json");
        Path csv = dir.resolve("out/curves.csv");
        CurveResults.write(json, csv, java.util.List.of(Samples.stream()), java.util.List.of(Samples.curves()), null);
        assertThat(Files.readAllBytes(csv)).isEqualTo(TidyCsv.toCsv(Samples.stream(), Samples.curves()));
        assertThat(Files.readString(json)).contains("\"axis\" : \"window\"");
    }

    @Test
    void replayJsonMatchesTheGoldenFile() throws IOException {
        GoldenFile.assertMatches("replay.json", MachineIndependent.text(
                JsonResults.render(ReplayResults.toTree(Samples.stream(), Samples.replayed()))));
    }
}
