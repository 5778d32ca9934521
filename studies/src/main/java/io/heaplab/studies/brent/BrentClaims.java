package io.heaplab.studies.brent;

import static io.heaplab.studies.brent.BrentFigures.upper;

import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.brent.BrentExperiment.Table;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The claims Brent draws from Tables 3.1-3.3 (section 3.4), each a test judged on the measured means and, as a
 * check of the test itself, on the figures he published, so a report says plainly where an honest run agrees with
 * the paper and where it does not.
 */
public final class BrentClaims {

    /** "A small fraction": below this share of STACK's normalized faults (the paper's are 5% and 2%). */
    static final double SMALL_FRACTION = 0.25;
    /** "Several times the virtual size": at least this many times the largest of the others (the paper's: 3.3). */
    static final double SEVERAL_TIMES = 2;
    /** "Near or below 1": a fault ratio after the doubled load of at most this (the paper's MRU: 0.90). */
    static final double NEAR_ONE = 1.1;

    private BrentClaims() {
    }

    /** The claims whose strategies were all run, in the paper's order. */
    public static List<Claim> check(Results results, BrentPaper paper) {
        return check(BrentFigures.measured(results), BrentFigures.published(paper));
    }

    /** The claims whose strategies {@code measured} has, each also judged on {@code published}. */
    static List<Claim> check(BrentFigures measured, BrentFigures published) {
        List<Claim> claims = new ArrayList<>();
        for (String strategy : List.of("mru", "nofree")) {
            judge(claims, "On TRIDIAG, " + upper(strategy) + "'s normalized faults are a small fraction of STACK's",
                    "below " + SMALL_FRACTION + " of STACK's at every memory size", figures -> smallFraction(figures,
                            strategy), measured,
                    published, Table.TRIDIAG, strategy, "stack", BrentExperiment.BASELINE);
        }
        if (measured.strategies(Table.TRIDIAG).size() > 1) {
            judge(claims, "On TRIDIAG, NOFREE needs several times the virtual size of the others", "at least "
                    + (int) SEVERAL_TIMES + "x the largest of the others' pages", BrentClaims::severalTimesTheVirtualSize,
                    measured,
                    published, Table.TRIDIAG, "nofree");
        }
        judge(claims, "On PQSIM, MRU has fewer faults than NOFREE and STACK (Brent's NOFREE figure is his estimate)",
                "strictly fewer, at the table's first memory size", BrentClaims::mruFaultsLeast, measured, published, Table.PQSIM, "mru", "nofree", "stack");
        judge(claims, "After the doubled initial load, MRU's fault ratio stays near or below 1", "at most "
                + NEAR_ONE, BrentClaims::mruRatioNearOne, measured, published, Table.PQSIM_DOUBLED, "mru");
        judge(claims, "After the doubled initial load, STACK's and RANDOM's fault ratios grow", "both above 1",
                BrentClaims::othersRatioGrows, measured, published, Table.PQSIM_DOUBLED, "stack",
                BrentExperiment.BASELINE);
        return claims;
    }

    /** Adds the claim if {@code measured} ran all of {@code strategies}; the paper's side where it has them too. */
    private static void judge(List<Claim> claims, String claim, String tolerance, Function<BrentFigures, Verdict> test,
                              BrentFigures measured, BrentFigures published, Table table, String... strategies) {
        if (measured.has(table, strategies)) {
            claims.add(Claim.judge(claim, tolerance, test, measured, published.has(table, strategies) ? published : null));
        }
    }

    private static Verdict smallFraction(BrentFigures figures, String strategy) {
        boolean holds = true;
        List<String> evidence = new ArrayList<>();
        for (int f : figures.frames(Table.TRIDIAG)) {
            double own = figures.normalized(Table.TRIDIAG, strategy, f);
            double theirs = figures.normalized(Table.TRIDIAG, "stack", f);
            holds &= own < SMALL_FRACTION * theirs;
            evidence.add(format("%.3f vs %.3f at %d frames", own, theirs, f));
        }
        return new Verdict(holds, String.join("; ", evidence));
    }

    private static Verdict severalTimesTheVirtualSize(BrentFigures figures) {
        double largestOther = figures.strategies(Table.TRIDIAG).stream().filter(s -> !s.equals("nofree"))
                .mapToDouble(s -> figures.virtualPages(Table.TRIDIAG, s)).max().orElseThrow();
        double own = figures.virtualPages(Table.TRIDIAG, "nofree");
        return new Verdict(own >= SEVERAL_TIMES * largestOther,
                format("%.0f pages vs at most %.0f (%.1fx)", own, largestOther, own / largestOther));
    }

    private static Verdict mruFaultsLeast(BrentFigures figures) {
        int f = figures.frames(Table.PQSIM).getFirst();
        double own = figures.faults(Table.PQSIM, "mru", f);
        double nofree = figures.faults(Table.PQSIM, "nofree", f);
        double stack = figures.faults(Table.PQSIM, "stack", f);
        return new Verdict(own < nofree && own < stack,
                format("MRU %.0f, NOFREE %.0f, STACK %.0f at %d frames", own, nofree, stack, f));
    }

    private static Verdict mruRatioNearOne(BrentFigures figures) {
        double ratio = figures.ratioToNormalLoad("mru");
        return new Verdict(ratio <= NEAR_ONE, format("MRU %.2f", ratio));
    }

    private static Verdict othersRatioGrows(BrentFigures figures) {
        double s = figures.ratioToNormalLoad("stack");
        double r = figures.ratioToNormalLoad(BrentExperiment.BASELINE);
        return new Verdict(s > 1 && r > 1, format("STACK %.2f, RANDOM %.2f", s, r));
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
