package io.heaplab.studies.purdom;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.Summary;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.purdom.PurdomExperiment.Measured;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.studies.purdom.PurdomPaper.Cell;
import io.heaplab.studies.purdom.PurdomPaper.Figures;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each of Purdom, Stigler &amp; Cheam's conclusions judged on made-up cells at its thresholds, without a run. */
class PurdomClaimsTest {

    /** Ratio and searches per method, segregated, first fit, buddy; the same published and measured. */
    private static Row row(double c, double... pairs) {
        Map<Method, Figures> published = new EnumMap<>(Method.class);
        Map<Method, Measured> measured = new EnumMap<>(Method.class);
        for (Method method : Method.values()) {
            double ratio = pairs[2 * method.ordinal()];
            double searches = pairs[2 * method.ordinal() + 1];
            published.put(method, new Figures(ratio, searches));
            measured.put(method, new Measured(Summary.of(ratio), Summary.of(searches), Summary.of(0),
                    Summary.of(0), List.of()));
        }
        return new Row(256, new Cell(96, c, published), "purdom:lambda=96,c=" + c, measured);
    }

    private static Claim claim(List<Claim> claims, String start) {
        return claims.stream().filter(c -> c.claim().startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError(start + " not among " + claims));
    }

    private static List<Claim> check(Row... rows) {
        return PurdomClaims.check(List.of(rows), List.of(Method.values()));
    }

    @Test
    void segregatedAndFirstFitAreAlmostIdenticalWithinThreeHundredthsOnAverage() {
        Claim close = claim(check(row(2, 1.20, 5, 1.23, 9, 1.25, 2), row(2, 1.0, 1, 1.0, 1, 1.0, 1)),
                "segregated storage and first fit");
        assertThat(close.holds()).isTrue();
        assertThat(close.evidence()).isEqualTo("mean |difference| 0.015 over 2 cells, largest 0.030 at lambda=96 c=2"
                + " M=256");
        assertThat(claim(check(row(2, 1.20, 5, 1.27, 9, 1.3, 2)), "segregated storage and first fit").holds())
                .isFalse();
    }

    @Test
    void theBuddySystemRejectsMoreInMostHeavyCellsButAtMostAQuarterMore() {
        List<Row> heavy = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            heavy.add(row(2, 1.2, 5, 1.2, 9, 1.2 * 1.25, 2));
        }
        assertThat(claim(PurdomClaims.check(heavy, List.of(Method.values())), "the buddy system rejects").holds())
                .isTrue();
        heavy.set(0, row(2, 1.2, 5, 1.2, 9, 1.2 * 1.26, 2));
        assertThat(claim(PurdomClaims.check(heavy, List.of(Method.values())), "the buddy system rejects").holds())
                .isFalse();
        // a light cell (first fit below 1.10) does not count either way
        assertThat(claim(check(row(2, 1.0, 5, 1.09, 9, 1.0, 2)), "the buddy system rejects").evidence())
                .startsWith("no heavily loaded cell");
    }

    @Test
    void firstFitSearchesFarMoreMeansTwiceTheBuddySystemsOnHeavyCellsOfSmallBlocks() {
        assertThat(claim(check(row(10, 1.2, 5, 1.2, 4, 1.3, 2)), "first fit searches far more").holds()).isTrue();
        assertThat(claim(check(row(10, 1.2, 5, 1.2, 3.9, 1.3, 2)), "first fit searches far more").holds()).isFalse();
        // blocks of mean 11 cells are not small
        assertThat(claim(check(row(11, 1.2, 5, 1.2, 4, 1.3, 2)), "first fit searches far more").evidence())
                .startsWith("no heavily loaded cell of small blocks");
    }

    @Test
    void theBuddySystemIsFasterThanSegregatedStorageInFourCellsOfFive() {
        List<Row> rows = new ArrayList<>(List.of(row(2, 1, 5, 1, 9, 1, 2), row(2, 1, 5, 1, 9, 1, 2),
                row(2, 1, 5, 1, 9, 1, 2), row(2, 1, 5, 1, 9, 1, 2), row(2, 1, 5, 1, 9, 1, 6)));
        assertThat(claim(PurdomClaims.check(rows, List.of(Method.values())), "the buddy system searches less")
                .evidence()).isEqualTo("buddy below segregated in 4 of 5 cells");
        assertThat(claim(PurdomClaims.check(rows, List.of(Method.values())), "the buddy system searches less")
                .holds()).isTrue();
        rows.set(0, row(2, 1, 5, 1, 9, 1, 5));
        assertThat(claim(PurdomClaims.check(rows, List.of(Method.values())), "the buddy system searches less")
                .holds()).isFalse();
    }

    /**
     * A run of only the cells the paper prints above 1.00 has no cell to test the light-load claim on: it is not
     * tested, neither borne out nor contradicted, and says why; with a cell printed as 1.00 for all three it is.
     */
    @Test
    void theLightLoadClaimIsNotTestedWhenNoLightCellIsRun() {
        Claim untested = claim(check(row(2, 1.05, 5, 1.04, 9, 1.2, 2)), "all ratios are 1.00 under light load");
        assertThat(untested.tested()).isFalse();
        assertThat(untested.holds()).isFalse();
        assertThat(untested.verdict()).isEqualTo("not tested");
        assertThat(untested.evidence()).isEqualTo("no cell the paper prints as 1.00 for all three was run");
        assertThat(untested.because("a cause").cause()).as("no cause for what was not tested").isNull();
        Claim tested = claim(check(row(2, 1, 5, 1, 9, 1, 2)), "all ratios are 1.00 under light load");
        assertThat(tested.tested()).isTrue();
        assertThat(tested.verdict()).isEqualTo("agrees");
    }

    /** A run of a light cell: {@code filled} of 100 requests filled. */
    private static RunResult filled(long filled) {
        return new RunResult("purdom", "buddy", 4096, 1, 0, 0, 0, 1, 1, 1, filled, filled, 100 - filled, 1, 1,
                new SpaceMeasures(0, 0, 0, 0), Fragmentation.NONE, Timeline.EMPTY, new LinkedHashMap<>(),
                Accounting.WORKLOAD, null, 0);
    }

    /**
     * A light cell whose buddy system rejected in two seeds of three: the light-load claim disagrees, and its cause
     * names the seeds that rejected, the largest seed's ratio and the cell's mean demand beside the light cells'.
     */
    @Test
    void aLightCellThatRejectsCarriesTheSeedsAndItsLoadAsTheCause() {
        Map<Method, Figures> published = new EnumMap<>(Method.class);
        Map<Method, Measured> measured = new EnumMap<>(Method.class);
        for (Method method : Method.values()) {
            published.put(method, new Figures(1, 1));
            List<RunResult> runs = method == Method.BUDDY ? List.of(filled(100), filled(96), filled(98))
                    : List.of(filled(100), filled(100), filled(100));
            measured.put(method, new Measured(Summary.of(runs.stream().mapToDouble(PurdomExperiment::ratio)
                    .toArray()), Summary.of(1), Summary.of(0), Summary.of(0), runs));
        }
        Row heavier = new Row(256, new Cell(96, 2, published), "purdom:lambda=96,c=2", measured);
        Row lighter = new Row(256, new Cell(32, 2, published), "purdom:lambda=32,c=2", measured);
        Claim claim = claim(check(lighter, heavier), "all ratios are 1.00 under light load");
        assertThat(claim.verdict()).isEqualTo("DISAGREES");
        assertThat(claim.tolerance()).isEqualTo("every mean ratio below 1.005, which prints as 1.00");
        assertThat(claim.cause()).isEqualTo("at lambda=32 c=2 M=256 buddy system rejected requests in 2 of 3 seeds"
                + " (a seed's ratio up to 1.042): the cell's mean demand, lambda x c = 64 cells, takes 25% of its"
                + " memory (the light cells': 25% to 75%), and a burst of arrivals above the mean can fill the"
                + " memory");
    }

    @Test
    void claimsThatCompareAFailedMethodAreLeftOut() {
        List<Claim> claims = PurdomClaims.check(List.of(row(2, 1, 5, 1, 9, 1, 2)),
                List.of(Method.SEGREGATED, Method.BUDDY));
        assertThat(claims).extracting(Claim::claim)
                .containsExactly("the buddy system searches less than segregated storage with a_i = 2^(i-1)");
        assertThat(claims).allMatch(Claim::hasPublished);
    }
}
