package io.heaplab.studies.fits;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import io.heaplab.core.testing.GoldenFile;
import io.heaplab.reports.MachineIndependent;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Config;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import io.heaplab.studies.fits.FitsExperiment.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fits study's result file and CSV: written to their golden schema, and read back into a report section. */
class FitsResultFileTest {

    private static RunResult run(String allocator, long searches, long pages) {
        Timeline timeline = new Timeline(new long[] {10, 20}, new long[] {40, 0}, new long[] {4096, 8192},
                new long[] {48, 0}, new long[] {searches / 2, searches}, new long[] {5, 9});
        return new RunResult("fits:load=7000,type=int", allocator, 4096, 1, 1000, 0, 400, pages, pages, pages, 14000,
                14000, 0, 7000, 136500, new SpaceMeasures(searches, 8000, 0.125, 0.25),
                new Fragmentation(2.5, 136500, 8192 * 80, 8192 * 90, 130000), timeline, new LinkedHashMap<>(),
                new Accounting(Accounting.AllocatorReferences.ALL, true), null, 123);
    }

    /** Made-up runs of the low load of ints: first and best fit timed, worst fit failed, the tree untimed. */
    static Results results() {
        Map<FitsStrategy, Measured> measured = new LinkedHashMap<>();
        measured.put(FitsStrategy.FIRST, new Measured(run("record-fit:fit=first", 28000, 171),
                new Timing(5.5, new double[] {1.5, 5.0})));
        measured.put(FitsStrategy.BEST, new Measured(run("record-fit:fit=best", 46000000, 164),
                new Timing(700.25, new double[] {100.0, 690.0})));
        measured.put(FitsStrategy.TREE, new Measured(run("brent-ff", 130000, 61), null));
        SequencedMap<String, String> failed = new LinkedHashMap<>();
        failed.put("record-fit:fit=worst", "error: IllegalStateException: broken");
        return new Results(new Config(List.of(7000), List.of("int"), 1, 2), FitsPaper.load(),
                List.of(new Cell(7000, "int", measured)), failed);
    }

    private static byte[] document() {
        Results results = results();
        return FitsJson.toJson(results, FitsClaims.check(results));
    }

    @Test
    void theResultFileAndTheCsvKeepTheirSchema() throws IOException {
        GoldenFile.assertMatches("fits.json", MachineIndependent.text(document()));
        GoldenFile.assertMatches("fits.csv", FitsCsv.toCsv(results()));
    }

    @Test
    void theReportReadsItBackIntoTheTableAndTheHeapCharts(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("fits.json"), document());
        Section section = ResultFiles.read(file).getFirst();
        assertThat(section.tables().getFirst().rows()).hasSize(3);
        List<String> first = section.tables().getFirst().rows().getFirst();
        assertThat(first).containsExactly("7000", "int", "first", "2,132", "88", "684", "684", "1.0", "6", "440.1%");
        assertThat(section.tables().getFirst().rows().get(2).get(8)).as("the tree was not timed").isEqualTo("-");
        assertThat(section.figures()).extracting(Figure::id).containsExactly("l7000-int-heap", "l7000-int-time");
        assertThat(section.notes()).anyMatch(n -> n.contains(FitsClaims.FIRST_FASTEST));
        // the strategies by title and spec, not a dump of their records' fields
        assertThat(section.parameters().get("strategies")).startsWith("first fit (record-fit:fit=first); best fit")
                .contains("(brent-ff, beyond the report)").doesNotContain("key=").doesNotContain("reported=");
    }
}
