package io.heaplab.studies.fits;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.studies.fits.FitsExperiment.Config;
import io.heaplab.studies.fits.FitsExperiment.Results;
import io.heaplab.studies.kit.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The claims' tests on the report's own table, worked out by hand from it, so a reader can judge the tests. */
class FitsClaimsTest {

    private static final FitsFigures PAPER = FitsFigures.published(new Results(new Config(
            List.of(50_000, 20_000, 7_000), List.of("int", "double", "string"), 0, 1), FitsPaper.load(), List.of(),
            new LinkedHashMap<>()));

    @Test
    void theReportsFirstFitIsFastestInEverySet() {
        Verdict verdict = FitsClaims.firstFastest(PAPER);
        assertThat(verdict.holds()).isTrue();
        assertThat(verdict.evidence()).isEqualTo("first fit's ms per call the least in 9 of 9 cells");
    }

    @Test
    void theReportsBestFitUsesLeastMemoryInSevenSetsOfNineNotInMediumDoubleAndString() {
        // Medium double: best 3848 KB against first 3716; Medium string: 3892 against 3724 (the report's Sets 5, 6)
        Verdict verdict = FitsClaims.bestLeastMemory(PAPER);
        assertThat(verdict.holds()).isTrue();
        assertThat(verdict.evidence())
                .isEqualTo("best fit's RSS the least in 7 of 9 cells (not: 20000 double, 20000 string)");
    }

    @Test
    void theReportsWorstFitIsSlowestInMostSetsButNotAtLowDoubleAndString() {
        // Low double: worst 388 ms against best 397; Low string: 411 against 418; Medium string: 3334 against 3333
        Verdict verdict = FitsClaims.worstSlowestLargest(PAPER);
        assertThat(verdict.evidence()).startsWith(
                "worst fit's ms per call the most in 7 of 9 cells (not: 7000 double, 7000 string)");
        assertThat(verdict.holds()).isTrue();
    }

    @Test
    void theReportsTimesGrowFasterThanItsLoads() {
        // from 7,000 to 50,000 (x7.1) first fit int went from 88 to 4145 ms (x47.1)
        Verdict verdict = FitsClaims.superlinear(PAPER);
        assertThat(verdict.holds()).isTrue();
        assertThat(verdict.evidence()).startsWith("load x7.1, cost x more than that in 9 of 9: int first x47.1");
    }
}
