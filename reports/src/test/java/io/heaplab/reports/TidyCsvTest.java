package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tidy CSV of runs: its golden form, and a row per run, policy and memory size, each with the run's measures. */
class TidyCsvTest {

    @Test
    void matchesTheGoldenFile() {
        GoldenFile.assertMatches("run-tidy.csv", TidyCsv.toCsv(Samples.runs()));
    }

    @Test
    void everyRowHasEveryColumnAndACurveARowPerPoint() {
        List<String> lines = new String(TidyCsv.toCsv(Samples.runs()), StandardCharsets.UTF_8).lines().toList();
        int columns = TidyCsv.HEADER.strip().split(",").length;
        long curvePoints = Samples.runs().stream().flatMap(r -> r.paging().values().stream())
                .mapToLong(o -> o instanceof io.heaplab.core.spi.PagingOutcome.Curve c ? c.points() : 1).sum();
        assertThat(lines).hasSize(1 + (int) curvePoints);
        for (String line : lines.subList(1, lines.size())) {
            // quoted specs keep their commas inside the quotes
            assertThat(line.replaceAll("\"[^\"]*\"", "x").split(",", -1)).hasSize(columns);
        }
    }
}
