package io.heaplab.studies.brent;

import static io.heaplab.studies.Sections.figure;
import static io.heaplab.studies.Sections.series;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.studies.Sections;
import io.heaplab.studies.brent.BrentExperiment.Config;
import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.brent.BrentExperiment.Row;
import io.heaplab.studies.brent.BrentExperiment.Table;
import io.heaplab.studies.brent.BrentExperiment.TableResult;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Seeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Brent's result file: written to its golden schema, and read back into a report section by its reader. */
class BrentResultFileTest {

    private static RunResult run(String strategy, long seed) {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        return new RunResult("tridiag:n=8", strategy, 512, seed, 1000, 0, 0, 12, 10, 10, 40, 30, 0, 10, 60,
                new SpaceMeasures(-1, 60, Double.NaN, Double.NaN), Fragmentation.NONE, Timeline.EMPTY, paging, Accounting.WORKLOAD, null, 123);
    }

    private static Row row(String strategy, BrentPaper paper, Table table, List<Integer> frames, double scale) {
        TreeMap<Integer, Summary> faults = new TreeMap<>();
        TreeMap<Integer, Summary> normalized = new TreeMap<>();
        for (int f : frames) {
            faults.put(f, Summary.of(100 * scale / f, 120 * scale / f));
            normalized.put(f, Summary.of(scale, scale));
        }
        Summary ratio = table == Table.PQSIM_DOUBLED ? Summary.of(1.5 * scale, 1.25 * scale) : null;
        TreeMap<Integer, Summary> beyond = new TreeMap<>();
        TreeMap<Integer, Summary> normalizedBeyond = new TreeMap<>();
        TreeMap<Integer, Summary> disposed = new TreeMap<>();
        TreeMap<Integer, Summary> normalizedDisposed = new TreeMap<>();
        if (table == Table.TRIDIAG) {
            for (int f : frames) {
                beyond.put(f, Summary.of(100 * scale / f - 10, 120 * scale / f - 12));
                normalizedBeyond.put(f, Summary.of(scale, scale));
                disposed.put(f, Summary.of(110 * scale / f, 130 * scale / f));
                normalizedDisposed.put(f, Summary.of(scale, scale));
            }
        }
        return new Row(strategy, paper.row(table.id, strategy), Summary.of(10, 12), faults, normalized, ratio,
                new BrentExperiment.Recount(beyond, normalizedBeyond),
                new BrentExperiment.Recount(disposed, normalizedDisposed), new long[] {90, 40, (long) (20 * scale), 10}, List.of(run(strategy, 1), run(strategy, 2)));
    }

    /** Made-up results of every table: two strategies, two seeds, one strategy failed. */
    static Results results() {
        BrentPaper paper = BrentPaper.load();
        Config config = new Config(new Seeds(1, 2), 8, BrentExperiment.DATAFLOW, 20, List.of("stack", "random", "throwing"), 2);
        List<TableResult> tables = new ArrayList<>();
        for (Table table : Table.values()) {
            List<Integer> frames = table == Table.TRIDIAG ? List.of(2, 4) : List.of(50);
            List<Integer> paperFrames = paper.frames(table.id);
            tables.add(new TableResult(table, table.workload(config), frames, paperFrames,
                    List.of(row("stack", paper, table, frames, 0.5), row("random", paper, table, frames, 1))));
        }
        SequencedMap<String, String> failed = new LinkedHashMap<>();
        failed.put("throwing", "plugin throwing.jar: allocator 'throwing' failed mid-run with IllegalStateException");
        return new Results(config, tables, failed);
    }

    private static byte[] document() {
        Results results = results();
        return BrentJson.toJson(results, BrentClaims.check(results, BrentPaper.load()));
    }

    @Test
    void anUnknownTridiagModelIsAParameterError() {
        assertThatThrownBy(() -> new Config(new Seeds(1, 1), 8, "fast", 20, List.of("random"), 1))
                .isInstanceOf(io.heaplab.studies.kit.ParameterException.class)
                .hasMessageContaining("tridiag-model")
                .hasMessageContaining("'fast' (expected: dataflow or sweep)");
        assertThat(new Config(new Seeds(1, 1), 8, BrentExperiment.SWEEP, 20, List.of("random"), 1).tridiagModel())
                .isEqualTo("sweep");
    }

    @Test
    void theResultFileKeepsItsSchema() throws IOException {
        GoldenFile.assertMatches("brent.json", MachineIndependent.text(document()));
    }

    @Test
    void theSameResultsGiveTheSameBytes() {
        assertThat(document()).isEqualTo(document());
    }

    @Test
    void theReportReadsItBackWithTheClaimsJudgedOnBothSides(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("brent.json"), document());
        Section section = ResultFiles.read(file).getFirst();
        assertThat(section.title()).isEqualTo("Brent's MRU study, Tables 3.1-3.3");
        List<Claim> claims = BrentClaims.check(results(), BrentPaper.load());
        assertThat(claims).isNotEmpty().allMatch(Claim::hasPublished);
        assertThat(section.notes()).contains("DISAGREES: " + claims.getFirst().claim() + " ("
                + claims.getFirst().evidence() + "; tolerance: " + claims.getFirst().tolerance()
                + ") [the same test on the paper's figures: "
                + claims.getFirst().published() + "]");
        assertThat(section.tables()).hasSize(3);
        assertThat(section.tables().getFirst().rows()).extracting(List::getFirst).containsExactly("STACK", "RANDOM");
    }

    @Test
    void eachTableHasItsCurvesWithThePublishedVirtualSizesMarkedAndNormalizedBars() throws IOException {
        Section brent = Sections.of("brent.json");
        assertThat(brent.environment()).containsEntry("jdk", "25.0.1");
        assertThat(brent.parameters()).containsEntry("seeds", "1, 2").containsEntry("pageSize", "512");
        assertThat(brent.notes()).contains("Agrees: MRU beats STACK (0.4 vs 0.5)", "DISAGREES: NOFREE is tiny (0.9)");
        assertThat(brent.tables()).singleElement().satisfies(t -> {
            assertThat(t.rows()).extracting(r -> r.getFirst()).containsExactly("STACK", "RANDOM", "LEAST-FREE");
            assertThat(t.rows().getFirst()).contains("80 ± 2", "0.600 ± 0.050", "0.500");
            assertThat(t.rows().get(2).get(1)).isEqualTo("-");
        });
        Figure curves = figure(brent, "faults-3-1");
        assertThat(curves.type()).isEqualTo(Figure.Type.LINES);
        assertThat(series(curves, "STACK").y()).containsExactly(200, 80, 40, 20, 5);
        assertThat(series(curves, "STACK").x()).containsExactly(1, 2, 3, 4, 5);
        assertThat(curves.markers()).containsExactly(new Marker("2 frames (table)", 2), new Marker("4 frames (table)", 4),
                new Marker("STACK, RANDOM virtual size (paper)", 5));
        // faults from 5 to 200 span more than a decade: the axis is logarithmic, so the small counts stay readable
        assertThat(curves.y().log()).isTrue();
        Figure bars = figure(brent, "normalized-3-1");
        assertThat(bars.categories()).containsExactly("STACK", "RANDOM", "LEAST-FREE");
        assertThat(series(bars, "2 frames").y()).containsExactly(0.6, 1.0, 0.46);
        assertThat(series(bars, "2 frames").error()).containsExactly(0.05, 0.0, 0.0);
        assertThat(series(bars, "2 frames (paper)").style()).isEqualTo(Series.Style.POINTS);
        assertThat(series(bars, "2 frames (paper)").y()[2]).isNaN();
    }
}
