package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.files.Leftovers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report directory is written beside its place and put there whole, or entry by entry around a user's files. */
class ReportDirectoryTest {

    @TempDir
    Path dir;

    private static void writeReport(Path into, String version) throws IOException {
        Files.createDirectories(into.resolve("charts"));
        Files.writeString(into.resolve("charts/" + version + ".png"), version);
        Files.writeString(into.resolve("report.json"), version);
        Files.writeString(into.resolve(Reports.PAGE), version);
    }

    private static String[] entries(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> !f.equals(dir)).map(f -> dir.relativize(f).toString()).sorted()
                    .toArray(String[]::new);
        }
    }

    @Test
    void aNewDirectoryAppearsWholeAndNothingIsLeftBeside() throws IOException {
        Path target = dir.resolve("out/report");
        Path staging;
        try (ReportDirectory staged = ReportDirectory.beside(target)) {
            staging = staged.path();
            writeReport(staged.path(), "new");
            assertThat(target).doesNotExist();
            assertThat(Leftovers.isPending(staging)).as("removed should the process end now").isTrue();
            staged.publish();
        }
        assertThat(Leftovers.isPending(staging)).isFalse();
        assertThat(entries(target)).containsExactly("charts", "charts/new.png", "index.html", "report.json");
        assertThat(entries(dir.resolve("out"))).containsExactly("report", "report/charts", "report/charts/new.png",
                "report/index.html", "report/report.json");
    }

    @Test
    void anOldReportIsReplacedWholeSoNoneOfItsFilesStay() throws IOException {
        Path target = dir.resolve("report");
        writeReport(target, "old");
        Files.writeString(target.resolve("report.csv"), "old only");
        try (ReportDirectory staged = ReportDirectory.beside(target)) {
            writeReport(staged.path(), "new");
            Files.writeString(staged.path().resolve("report.csv"), "new");
            staged.publish();
        }
        assertThat(entries(target)).containsExactly("charts", "charts/new.png", "index.html", "report.csv",
                "report.json");
        assertThat(target.resolve(Reports.PAGE)).hasContent("new");
        assertThat(entries(dir)).hasSize(1 + entries(target).length);
    }

    @Test
    void aDirectoryWithFilesOfItsOwnKeepsThemAndGetsTheReportsEntries() throws IOException {
        Path target = dir.resolve("results");
        writeReport(target, "old");
        Files.writeString(target.resolve("run.json"), "the user's");
        try (ReportDirectory staged = ReportDirectory.beside(target)) {
            writeReport(staged.path(), "new");
            staged.publish();
        }
        assertThat(entries(target)).containsExactly("charts", "charts/new.png", "index.html", "report.json",
                "run.json");
        assertThat(target.resolve("run.json")).hasContent("the user's");
        assertThat(entries(dir)).containsExactly("results", "results/charts", "results/charts/new.png",
                "results/index.html", "results/report.json", "results/run.json");
    }

    @Test
    void aReportNotPublishedLeavesNoTrace() throws IOException {
        Path target = dir.resolve("report");
        try (ReportDirectory staged = ReportDirectory.beside(target)) {
            writeReport(staged.path(), "half");
        }
        assertThat(entries(dir)).isEmpty();
    }
}
