package io.heaplab.studies.carr;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.studies.carr.CarrFigures.At;
import io.heaplab.studies.kit.Claim;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Carr &amp; Hennessy's claims judged on made-up figures at their thresholds, and on Table 2 itself. */
class CarrClaimsTest {

    /** Figures set by hand per configuration and policy; comparable points are the peaks. */
    private static final class Figures implements CarrFigures {
        final List<Character> configurations;
        final Map<String, At> peaks = new HashMap<>();

        Figures(Character... configurations) {
            this.configurations = List.of(configurations);
            for (char c : configurations) {
                for (CarrPolicy p : CarrPolicy.values()) {
                    set(c, p, 100_000, 0.5, 5, 10, 1000, 13, p == CarrPolicy.WSCLOCK ? 0 : 100);
                }
            }
        }

        Figures set(char c, CarrPolicy p, long theta, double utilization, double mpl, double deactivations,
                    double faults, double travel, double scans) {
            peaks.put(c + " " + p, new At(theta, utilization, mpl, deactivations, faults, travel, scans));
            return this;
        }

        At get(char c, CarrPolicy p) {
            return peaks.get(c + " " + p);
        }

        @Override
        public List<Character> configurations() {
            return configurations;
        }

        @Override
        public boolean has(CarrPolicy policy) {
            return true;
        }

        @Override
        public At peak(char configuration, CarrPolicy policy) {
            return get(configuration, policy);
        }

        @Override
        public At comparable(char configuration, CarrPolicy policy) {
            return get(configuration, policy);
        }
    }

    private static Claim claim(List<Claim> claims, String start) {
        return claims.stream().filter(c -> c.claim().startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError(start + " not among " + claims));
    }

    @Test
    void peaksWithinOnePointAgreeAndOnePointOneDoNot() {
        Figures close = new Figures('A').set('A', CarrPolicy.WSCLOCK, 100_000, 0.49, 5, 10, 1000, 13, 0);
        assertThat(claim(CarrClaims.check(close, close), "Peak utilization").holds()).isTrue();
        Figures apart = new Figures('A').set('A', CarrPolicy.WSCLOCK, 100_000, 0.489, 5, 10, 1000, 13, 0);
        Claim claim = claim(CarrClaims.check(apart, apart), "Peak utilization");
        assertThat(claim.holds()).isFalse();
        assertThat(claim.evidence()).isEqualTo("A: WS 0.500, WSCLOCK 0.489 (1.1 points)");
    }

    @Test
    void ltrtMustRaisePureWsByFiveToTwentyPercent() {
        Figures f = new Figures('A').set('A', CarrPolicy.WS, 100_000, 0.45, 5, 10, 1000, 13, 100);
        assertThat(claim(CarrClaims.check(f, f), "LT/RT raises").holds()).isTrue(); // +11%
        f.set('A', CarrPolicy.WS, 100_000, 0.25, 5, 10, 1000, 13, 100);
        Claim tooMuch = claim(CarrClaims.check(f, f), "LT/RT raises");
        assertThat(tooMuch.holds()).isFalse();
        assertThat(tooMuch.evidence()).isEqualTo("A: 0.250 to 0.500 (+100%)");
        assertThat(tooMuch.hasPublished()).isFalse();
    }

    @Test
    void pointerTravelAndTheOptimalThetaCompareConfigurations() {
        Figures f = new Figures('A', 'C').set('C', CarrPolicy.WSCLOCK, 200_000, 0.5, 5, 10, 1000, 16, 0);
        List<Claim> claims = CarrClaims.check(f, f);
        assertThat(claim(claims, "WSCLOCK examines").holds()).isTrue(); // 16 / 13 = 1.23
        assertThat(claim(claims, "The optimal theta grows").holds()).isTrue();
        f.set('C', CarrPolicy.WSCLOCK, 100_000, 0.5, 5, 10, 1000, 17, 0);
        claims = CarrClaims.check(f, f);
        assertThat(claim(claims, "WSCLOCK examines").holds()).isFalse();
        assertThat(claim(claims, "The optimal theta grows").holds()).isFalse();
        assertThat(CarrClaims.check(new Figures('B'), new Figures('B'))).extracting(Claim::claim)
                .noneMatch(c -> c.startsWith("WSCLOCK examines") || c.startsWith("The optimal theta"));
    }

    @Test
    void wsclockMustBeNoHeavierThanWsAtComparableTheta() {
        Figures f = new Figures('A');
        assertThat(claim(CarrClaims.check(f, f), "At comparable theta").holds()).isTrue();
        f.set('A', CarrPolicy.WSCLOCK, 100_000, 0.5, 5, 10, 1001, 13, 0);
        assertThat(claim(CarrClaims.check(f, f), "At comparable theta").holds()).isFalse();
    }

    @Test
    void onTable2EveryClaimItCanJudgeHolds() {
        CarrFigures paper = CarrFigures.published(CarrPaper.load());
        Figures measured = new Figures('A', 'B', 'C');
        List<Claim> claims = CarrClaims.check(measured, paper);
        assertThat(claims).filteredOn(Claim::hasPublished).hasSize(4);
        for (Claim claim : claims) {
            if (claim.hasPublished()) {
                assertThat(CarrClaims.check(paper, paper)).filteredOn(c -> c.claim().equals(claim.claim()))
                        .singleElement().satisfies(c -> assertThat(c.holds()).as(c.claim()).isTrue());
            }
        }
        assertThat(claim(claims, "Peak utilization").published())
                .isEqualTo("A: WS 0.572, WSCLOCK 0.566 (0.6 points); B: WS 0.621, WSCLOCK 0.616 (0.5 points); C: WS"
                        + " 0.613, WSCLOCK 0.613 (0.0 points)");
        assertThat(claim(claims, "WSCLOCK examines").published()).startsWith("A: 12.6, B: 13.2, C: 12.4");
        assertThat(claim(claims, "The optimal theta grows").published())
                .isEqualTo("WSCLOCK's peak theta: A 200000, B 700000, C 2000000");
    }

    /**
     * A regime whose paging device is busy 99% of the time at every peak cannot test the claims: each claim that
     * disagrees says so first, then its policy's mechanism; a device with room leaves the mechanism alone. The
     * IRIM's claims are about a string's compaction, not the system's figures, and keep their own cause.
     */
    @Test
    void aDeviceBoundRegimeLeadsTheCauseOfEveryDisagreement() {
        CarrExperiment.Setting table1 = CarrResultFileTest.results().setting();
        List<Claim> bound = CarrClaims.check(CarrResultFileTest.results(table1, 0.99));
        assertThat(bound).filteredOn(Claim::hasCause).filteredOn(claim -> !claim.claim().contains("IRIM")).isNotEmpty()
                .allSatisfy(claim -> assertThat(claim.cause())
                .startsWith("in this regime the paging device is busy 0.99 to 0.99 of the time at the peaks and the"
                        + " mean MPL is 3.50 to 3.50 (the paper's: 4.39 to 4.86): ")
                .contains("the device bounds utilization whatever the policy, so the regime cannot test the claim"));
        List<Claim> room = CarrClaims.check(CarrResultFileTest.results(table1, 0.9));
        assertThat(room).filteredOn(Claim::hasCause).isNotEmpty()
                .noneSatisfy(claim -> assertThat(claim.cause()).contains("paging device is busy"));
    }
}
