package io.heaplab.studies.kit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ClaimTest {

    private static final Function<Double, Verdict> BELOW_ONE = x -> new Verdict(x < 1, "x = " + x);

    @Test
    void theVerdictComesFromTheMeasuredFiguresAndThePapersFromTheSameTest() {
        Claim claim = Claim.judge("x stays below 1", "x < 1", BELOW_ONE, 1.5, 0.5);
        assertThat(claim.holds()).isFalse();
        assertThat(claim.evidence()).isEqualTo("x = 1.5");
        assertThat(claim.published()).isEqualTo("x = 0.5");
        assertThat(claim.hasPublished()).isTrue();
    }

    @Test
    void aClaimWithoutItsFiguresIsNotTestedAndSaysWhy() {
        Function<Double, Verdict> needsAPositive = x -> x > 0 ? new Verdict(x < 1, "x = " + x)
                : Verdict.notTested("no positive x was run");
        Claim claim = Claim.judge("x stays below 1", "x < 1", needsAPositive, -1.0, 0.5);
        assertThat(claim.tested()).isFalse();
        assertThat(claim.holds()).isFalse();
        assertThat(claim.verdict()).isEqualTo("not tested");
        assertThat(claim.evidence()).isEqualTo("no positive x was run");
        assertThat(claim.in("balanced").tested()).isFalse();
        assertThat(Claim.judge("x stays below 1", "x < 1", needsAPositive, 1.5, null).verdict()).isEqualTo("DISAGREES");
        assertThat(Claim.judge("x stays below 1", "x < 1", needsAPositive, 0.5, null).verdict()).isEqualTo("agrees");
    }

    @Test
    void aPaperWithoutTheFiguresHasNoPublishedTest() {
        Claim claim = Claim.judge("x stays below 1", "x < 1", BELOW_ONE, 0.5, null);
        assertThat(claim.holds()).isTrue();
        assertThat(claim.hasPublished()).isFalse();
    }

    @Test
    void theToleranceStaysWithTheClaimInASettingAndWithACause() {
        Claim claim = Claim.judge("x stays below 1", "x < 1", BELOW_ONE, 1.5, 0.5).in("balanced").because("x grew");
        assertThat(claim.tolerance()).isEqualTo("x < 1");
        assertThat(claim.claim()).isEqualTo("[balanced] x stays below 1");
        assertThat(claim.cause()).isEqualTo("x grew");
    }

    @Test
    void aClaimNotTestedShowsNoPapersSideForItWasJudgedOnTheSameMissingCells() {
        Function<Double, Verdict> needsAPositive = x -> x > 0 ? new Verdict(x < 1, "x = " + x)
                : Verdict.notTested("no positive x was run");
        Claim claim = Claim.judge("x stays below 1", "x < 1", needsAPositive, -1.0, 0.5);
        assertThat(claim.hasPublished()).isFalse();
        assertThat(claim.because("x grew").hasCause()).isFalse();
    }
}
