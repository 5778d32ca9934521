package io.heaplab.studies.carr;

import static io.heaplab.studies.Sections.figure;
import static io.heaplab.studies.Sections.series;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import io.heaplab.reports.MachineIndependent;
import io.heaplab.reports.Summary;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.studies.carr.CarrExperiment.Config;
import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.system.SystemResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Carr &amp; Hennessy's result file: written to its golden schema, and read back into charts by its reader. */
class CarrResultFileTest {

    private static Point point(long theta, double utilization, boolean clock) {
        SystemResult run = new SystemResult(1_000_000, (long) (1_000_000 / utilization), 3.5, 4, 2, 9, 120, 7, 30,
                120, 45, clock ? 1560 : 0, clock ? 0 : 44, 0.9, 3, List.of(200_000L, 250_000L, 300_000L));
        return new Point(theta, Summary.of(utilization), Summary.of(3.5), Summary.of(4), Summary.of(120),
                Summary.of(run.pointerTravel()), Summary.of(clock ? 0 : 44), Summary.of(250_000), List.of(run));
    }

    /** Made-up results of configuration A at two thetas under each policy, the paper's and the two beyond. */
    static Results results() {
        Config config = new Config(new Seeds(1, 1), List.of('A'), List.of(100_000L, 200_000L), 3, 1,
                List.of(CarrPolicy.values()), 5_000, 1);
        List<Curve> curves = new ArrayList<>();
        double[] peak = {0.30, 0.50, 0.49, 0.45, 0.20};
        for (CarrPolicy policy : CarrPolicy.values()) {
            boolean clock = policy == CarrPolicy.WSCLOCK;
            curves.add(new Curve('A', policy, 400, List.of(point(100_000, peak[policy.ordinal()] - 0.1, clock),
                    point(200_000, peak[policy.ordinal()], clock))));
        }
        // the IRIM runs: every utilization 2% high
        List<Curve> irim = curves.stream().map(c -> new Curve(c.configuration(), c.policy(), c.frames(),
                c.points().stream().map(p -> point(p.theta(), p.utilization().mean() * 1.02,
                        c.policy() == CarrPolicy.WSCLOCK)).toList())).toList();
        return new Results(config, CarrPaper.load(), 2.0, List.of("sort", "m4"), curves,
                Optional.of(new CarrIrim(5_000, 612.5, irim, 9.5, 0.5)));
    }

    private static byte[] document() {
        Results results = results();
        return CarrJson.toJson(results, CarrClaims.check(results));
    }

    @Test
    void theResultFileKeepsItsSchema() throws IOException {
        GoldenFile.assertMatches("carr.json", MachineIndependent.text(document()));
    }

    @Test
    void theIrimCheckJudgesThePapersCompactionAndOnePercentError() {
        Results results = results();
        List<io.heaplab.studies.kit.Claim> claims = CarrClaims.check(results);
        assertThat(claims).filteredOn(c -> c.claim().contains("600 times shorter")).singleElement()
                .satisfies(c -> assertThat(c.holds()).isTrue());
        // every IRIM utilization is 2% off: beyond the paper's 1%
        assertThat(claims).filteredOn(c -> c.claim().contains("within 1%")).singleElement()
                .satisfies(c -> assertThat(c.holds()).isFalse())
                .satisfies(c -> assertThat(c.evidence()).contains("largest mean error 2.00%"));
        assertThat(results.irim().orElseThrow().errors(results.curves())).allSatisfy(e -> {
            assertThat(e.meanUtilization()).isCloseTo(0.02, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(e.maxFaults()).isZero();
        });
    }

    @Test
    void theCsvTableHasARowPerSimulationWithEveryMeasure() throws IOException {
        GoldenFile.assertMatches("carr.csv", CarrCsv.toCsv(results()));
    }

    @Test
    void theReportDrawsUtilizationAgainstThetaPerConfigurationWithThePeaksBesideTable2(@TempDir Path dir)
            throws IOException {
        Section section = ResultFiles.read(Files.write(dir.resolve("carr.json"), document())).getFirst();
        assertThat(series(figure(section, "utilization-a"), "WSCLOCK").y()).containsExactly(0.39, 0.49);
        assertThat(series(figure(section, "utilization-a"), "pure WS").x()).containsExactly(100_000, 200_000);
        assertThat(series(figure(section, "utilization-a"), "global CLOCK, 50% rule").y()).containsExactly(0.1, 0.2);
        assertThat(section.tables().getFirst().rows()).hasSize(5)
                .anySatisfy(row -> assertThat(row).startsWith("A", "WS with LT/RT", "200,000", "200,000", "0.572"));
        assertThat(section.notes()).anyMatch(n -> n.contains("the same test on the paper's figures: A: WS 0.572"));
    }
}
