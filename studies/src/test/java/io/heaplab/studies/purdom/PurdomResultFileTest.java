package io.heaplab.studies.purdom;

import static io.heaplab.studies.Sections.figure;
import static io.heaplab.studies.Sections.series;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import io.heaplab.core.testing.GoldenFile;
import io.heaplab.reports.MachineIndependent;
import io.heaplab.reports.Summary;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.studies.Sections;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.purdom.PurdomExperiment.Config;
import io.heaplab.studies.purdom.PurdomExperiment.Measured;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.studies.purdom.PurdomExperiment.TableResult;
import io.heaplab.studies.purdom.PurdomPaper.Cell;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Purdom's result file: written to its golden schema, and read back into a report section by its reader. */
class PurdomResultFileTest {

    private static RunResult run(String strategy, long seed) {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        return new RunResult("purdom:lambda=96,c=2", strategy, 4096, seed, 0, 0, 0, 1, 1, 1, 1600, 1590, 160, 40, 120,
                new SpaceMeasures(3520, 4000, 0.125, 0.25), Fragmentation.NONE, Timeline.EMPTY, paging, Accounting.WORKLOAD, null, 123);
    }

    /** Made-up results of Table 2's first two cells, two seeds, with next-fit failed as first fit. */
    static Results results() {
        PurdomPaper paper = PurdomPaper.load();
        Config config = new Config(new Seeds(1, 2), new TreeSet<>(List.of(2)), 1600, 2, "next-fit");
        PurdomPaper.Table table = paper.tables().stream().filter(t -> t.number() == 2).findFirst().orElseThrow();
        List<Row> rows = new ArrayList<>();
        for (Cell cell : table.cells().subList(0, 2)) {
            Map<Method, Measured> measured = new EnumMap<>(Method.class);
            for (Method method : List.of(Method.SEGREGATED, Method.BUDDY)) {
                double ratio = cell.published().get(method).ratio();
                double searches = cell.published().get(method).searches();
                measured.put(method, new Measured(Summary.of(ratio, ratio + 0.02), Summary.of(searches, searches + 1),
                        Summary.of(0.125, 0.125), Summary.of(0.25, 0.5),
                        List.of(run(method.allocator, 1), run(method.allocator, 2))));
            }
            rows.add(new Row(table.memoryCells(), cell, "purdom:lambda=" + cell.lambda(), measured));
        }
        SequencedMap<String, String> failed = new LinkedHashMap<>();
        failed.put("next-fit", "error: IllegalStateException: broken");
        return new Results(config, paper, List.of(new TableResult(table, rows)), failed);
    }

    private static byte[] document() {
        Results results = results();
        return PurdomJson.toJson(results, PurdomClaims.check(results));
    }

    @Test
    void theResultFileKeepsItsSchema() throws IOException {
        GoldenFile.assertMatches("purdom.json", MachineIndependent.text(document()));
    }

    @Test
    void theReportReadsItBackWithTheClaimsJudgedOnBothSidesAndTheFailedMethodAsDashes(@TempDir Path dir)
            throws IOException {
        Path file = Files.write(dir.resolve("purdom.json"), document());
        Section section = ResultFiles.read(file).getFirst();
        List<Claim> claims = PurdomClaims.check(results());
        assertThat(claims).singleElement().satisfies(claim -> assertThat(section.notes()).contains(
                (claim.holds() ? "Agrees: " : "DISAGREES: ") + claim.claim() + " (" + claim.evidence()
                        + "; tolerance: " + claim.tolerance() + ") [the same test on the paper's figures: " + claim.published() + "]"));
        List<String> first = section.tables().getFirst().rows().getFirst();
        // segregated's four columns are measured, first fit's measured ones are dashes
        assertThat(first.get(3)).isNotEqualTo("-");
        assertThat(first.get(7)).isEqualTo("-");
        assertThat(first.get(9)).isEqualTo("-");
    }

    @Test
    void utilizationAndSearchesAreDrawnAgainstLambdaPerBlockSize() throws IOException {
        Section purdom = Sections.of("purdom.json");
        assertThat(purdom.figures()).extracting(Figure::id)
                .containsExactly("t1-c2-utilization", "t1-c2-searches", "t1-c8-utilization", "t1-c8-searches");
        Figure searches = figure(purdom, "t1-c2-searches");
        assertThat(searches.series()).extracting(Series::name).containsExactly("segregated storage",
                "segregated storage (paper)", "first fit", "first fit (paper)", "buddy system", "buddy system (paper)");
        // the points run in increasing lambda, whatever the file's order
        assertThat(series(searches, "first fit").x()).containsExactly(80, 96);
        assertThat(series(searches, "first fit").y()).containsExactly(1.8, 2.2);
        assertThat(series(searches, "first fit (paper)").y()).containsExactly(1.74, 2.0);
        assertThat(purdom.tables().getFirst().rows()).hasSize(3);
        assertThat(purdom.notes()).anyMatch(n -> n.startsWith("Transcription"));
    }
}
