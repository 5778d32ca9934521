package io.heaplab.reports.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReportCsvTest {

    @Test
    void matchesTheGoldenFile() {
        GoldenFile.assertMatches("report.csv", ReportCsv.toBytes(ReportSamples.report()));
    }

    @Test
    void hasARowPerPointOfEverySeries() {
        String[] lines = new String(ReportCsv.toBytes(ReportSamples.report()), StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).isEqualTo(ReportCsv.HEADER);
        assertThat(lines).hasSize(1 + 3 + 1 + 2 + 2);
    }
}
