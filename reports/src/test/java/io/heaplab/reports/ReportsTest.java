package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.ReportCsv;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

    private static final List<String> INPUTS = List.of("sample.json", "jmh.json", "run.json",
            "curves.json", "replay.json");

    private static List<Path> inputs() {
        return INPUTS.stream().map(name -> {
            try {
                return Path.of(ReportsTest.class.getClassLoader().getResource("inputs/" + name).toURI());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    @Test
    void writesASelfContainedPageWithEveryChartEmbeddedAndBesideIt(@TempDir Path dir) throws IOException {
        Path page = Reports.write(inputs(), dir);
        assertThat(page).isEqualTo(dir.resolve("index.html"));
        String html = Files.readString(page);
        List<Section> sections = ResultFiles.read(dir.resolve("report.json"));
        assertThat(sections).hasSize(INPUTS.size());
        int figures = sections.stream().mapToInt(s -> s.figures().size()).sum();
        assertThat(figures).isGreaterThanOrEqualTo(6);
        assertThat(Pattern.compile("src=\"data:image/png;base64,").matcher(html).results().count()).isEqualTo(figures);
        // nothing is fetched: every image is inline and there is no script or stylesheet link
        assertThat(html).doesNotContain("src=\"http", "<script", "<link");
        for (int s = 0; s < sections.size(); s++) {
            for (Figure figure : sections.get(s).figures()) {
                String name = ReportCsv.chartName(s, figure);
                assertThat(dir.resolve("charts/" + name + ".png")).isNotEmptyFile();
                assertThat(dir.resolve("charts/" + name + ".svg")).content().startsWith("<svg");
            }
        }
        assertThat(html).contains("A sample study", "DISAGREES: second is tiny",
                "the same test on the paper&#39;s figures: 1.4 vs 2.1", "Parameters and seeds", "Machine and JDK",
                "25.0.1", "ratio to malloc");
        assertThat(dir.resolve("report.csv")).content().startsWith("chart,series");
    }

    @Test
    void theSameResultsGiveTheSameFilesByteForByte(@TempDir Path dir) throws IOException {
        Reports.write(inputs(), dir.resolve("a"));
        Reports.write(inputs(), dir.resolve("b"));
        try (Stream<Path> files = Files.walk(dir.resolve("a"))) {
            for (Path a : files.filter(Files::isRegularFile).toList()) {
                Path b = dir.resolve("b").resolve(dir.resolve("a").relativize(a));
                assertThat(Files.readAllBytes(b)).as(a.getFileName().toString()).isEqualTo(Files.readAllBytes(a));
            }
        }
    }

    @Test
    void aReportWrittenOverAnotherLeavesNoneOfItsChartsBehind(@TempDir Path dir) throws IOException {
        Reports.write(inputs(), dir);
        assertThat(dir.resolve("charts/01-curve.png")).exists();
        Reports.write(List.of(inputs().get(1)), dir); // JMH only: its one ratio chart
        try (Stream<Path> charts = Files.list(dir.resolve("charts"))) {
            assertThat(charts.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("01-ratio-fixedsizeallocatorbenchmark.png", "01-ratio-fixedsizeallocatorbenchmark.svg");
        }
    }

    @Test
    void aReportReadsBackIntoTheSameReport(@TempDir Path dir) throws IOException {
        Reports.write(inputs(), dir.resolve("first"));
        Reports.write(List.of(dir.resolve("first/report.json")), dir.resolve("second"));
        assertThat(Files.readString(dir.resolve("second/report.csv")))
                .isEqualTo(Files.readString(dir.resolve("first/report.csv")));
    }
}
