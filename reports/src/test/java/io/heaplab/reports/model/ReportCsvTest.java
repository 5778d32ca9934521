package io.heaplab.reports.model;

import static io.heaplab.reports.Golden.golden;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReportCsvTest {

    @Test
    void matchesTheGoldenFile() throws IOException {
        assertThat(new String(ReportCsv.toBytes(ReportSamples.report()), StandardCharsets.UTF_8))
                .isEqualTo(golden("golden/report.csv"));
    }

    @Test
    void hasARowPerPointOfEverySeries() {
        String[] lines = new String(ReportCsv.toBytes(ReportSamples.report()), StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).isEqualTo(ReportCsv.HEADER);
        assertThat(lines).hasSize(1 + 3 + 1 + 2 + 2);
    }
}
