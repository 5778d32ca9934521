package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.studies.brent.BrentExperiment.Table;
import io.heaplab.studies.kit.Claim;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each of Brent's claims judged on made-up figures just inside and just outside its threshold, without a run. */
class BrentClaimsTest {

    /** Figures set by hand: one memory size per table, every value 1 unless set. */
    private static final class Figures implements BrentFigures {
        final Map<Table, List<String>> strategies = new LinkedHashMap<>();
        final Map<String, Double> values = new HashMap<>();

        Figures(String... strategies) {
            for (Table table : Table.values()) {
                this.strategies.put(table, List.of(strategies));
            }
        }

        Figures set(String key, double value) {
            values.put(key, value);
            return this;
        }

        private double get(String key) {
            return values.getOrDefault(key, 1.0);
        }

        @Override
        public List<String> strategies(Table table) {
            return strategies.get(table);
        }

        @Override
        public List<Integer> frames(Table table) {
            return table == Table.TRIDIAG ? List.of(2000, 4000) : List.of(50);
        }

        @Override
        public double faults(Table table, String strategy, int frames) {
            return get(table + " faults " + strategy);
        }

        @Override
        public double normalized(Table table, String strategy, int frames) {
            return get(table + " normalized " + strategy + " " + frames);
        }

        @Override
        public double virtualPages(Table table, String strategy) {
            return get(table + " pages " + strategy);
        }

        @Override
        public double ratioToNormalLoad(String strategy) {
            return get("ratio " + strategy);
        }
    }

    private static Claim claim(List<Claim> claims, String start) {
        return claims.stream().filter(c -> c.claim().startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError(start + " not among " + claims));
    }

    private static Figures all() {
        return new Figures("stack", "random", "nofree", "mru");
    }

    @Test
    void aSmallFractionIsBelowAQuarterOfStacksNormalizedFaultsAtEveryMemorySize() {
        Figures inside = all().set("TRIDIAG normalized stack 2000", 0.4).set("TRIDIAG normalized stack 4000", 0.4)
                .set("TRIDIAG normalized mru 2000", 0.099).set("TRIDIAG normalized mru 4000", 0.099);
        Claim holds = claim(BrentClaims.check(inside, inside), "On TRIDIAG, MRU's");
        assertThat(holds.holds()).isTrue();
        assertThat(holds.evidence()).isEqualTo("0.099 vs 0.400 at 2000 frames; 0.099 vs 0.400 at 4000 frames");

        Figures outside = inside.set("TRIDIAG normalized mru 4000", 0.101);
        assertThat(claim(BrentClaims.check(outside, outside), "On TRIDIAG, MRU's").holds()).isFalse();
    }

    @Test
    void severalTimesTheVirtualSizeIsTwiceTheLargestOfTheOthers() {
        Figures figures = all().set("TRIDIAG pages stack", 100).set("TRIDIAG pages random", 120)
                .set("TRIDIAG pages mru", 110).set("TRIDIAG pages nofree", 240);
        Claim holds = claim(BrentClaims.check(figures, figures), "On TRIDIAG, NOFREE needs");
        assertThat(holds.holds()).isTrue();
        assertThat(holds.evidence()).isEqualTo("240 pages vs at most 120 (2.0x)");
        figures.set("TRIDIAG pages nofree", 239);
        assertThat(claim(BrentClaims.check(figures, figures), "On TRIDIAG, NOFREE needs").holds()).isFalse();
    }

    @Test
    void mruFaultsLeastOnPqsimOnlyWhenBelowBothNofreeAndStack() {
        Figures figures = all().set("PQSIM faults mru", 10).set("PQSIM faults nofree", 11)
                .set("PQSIM faults stack", 12);
        assertThat(claim(BrentClaims.check(figures, figures), "On PQSIM").holds()).isTrue();
        figures.set("PQSIM faults stack", 10);
        Claim tie = claim(BrentClaims.check(figures, figures), "On PQSIM");
        assertThat(tie.holds()).isFalse();
        assertThat(tie.evidence()).isEqualTo("MRU 10, NOFREE 11, STACK 10 at 50 frames");
    }

    @Test
    void theRatiosAfterTheDoubledLoadHaveTheirThresholds() {
        Figures figures = all().set("ratio mru", 1.1).set("ratio stack", 1.01).set("ratio random", 1.01);
        List<Claim> claims = BrentClaims.check(figures, figures);
        assertThat(claim(claims, "After the doubled initial load, MRU's").holds()).isTrue();
        assertThat(claim(claims, "After the doubled initial load, STACK's").holds()).isTrue();
        figures.set("ratio mru", 1.11).set("ratio random", 1.0);
        claims = BrentClaims.check(figures, figures);
        assertThat(claim(claims, "After the doubled initial load, MRU's").holds()).isFalse();
        assertThat(claim(claims, "After the doubled initial load, STACK's").holds()).isFalse();
    }

    @Test
    void aClaimWhoseStrategiesWereNotRunIsLeftOutAndTheOthersStillHaveThePapersTest() {
        Figures measured = new Figures("stack", "random", "mru");
        List<Claim> claims = BrentClaims.check(measured, BrentFigures.published(BrentPaper.load()));
        assertThat(claims).extracting(Claim::claim).noneMatch(c -> c.contains("NOFREE"));
        assertThat(claims).hasSize(3).allMatch(Claim::hasPublished);
    }

    @Test
    void everyClaimHoldsOnThePublishedFiguresWithThePapersOwnNumbersAsEvidence() {
        BrentFigures paper = BrentFigures.published(BrentPaper.load());
        List<Claim> claims = BrentClaims.check(paper, paper);
        assertThat(claims).hasSize(6).allMatch(Claim::holds);
        assertThat(claim(claims, "On TRIDIAG, MRU's").published())
                .isEqualTo("0.023 vs 0.498 at 2000 frames; 0.017 vs 0.406 at 4000 frames");
        assertThat(claim(claims, "On TRIDIAG, NOFREE needs").published()).isEqualTo("21467 pages vs at most 6423 (3.3x)");
        assertThat(claim(claims, "After the doubled initial load, MRU's").published()).isEqualTo("MRU 0.90");
    }
}
