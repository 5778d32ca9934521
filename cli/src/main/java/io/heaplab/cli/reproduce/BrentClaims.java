package io.heaplab.cli.reproduce;

import io.heaplab.cli.reproduce.BrentStudy.Results;
import io.heaplab.cli.reproduce.BrentStudy.Row;
import io.heaplab.cli.reproduce.BrentStudy.Table;
import io.heaplab.cli.reproduce.BrentStudy.TableResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The claims Brent draws from Tables 3.1-3.3 (section 3.4), each checked against measured means, so a report says
 * plainly where an honest run agrees with the paper and where it does not.
 */
public final class BrentClaims {

    /** "A small fraction": below this share of STACK's normalized faults (the paper's are 5% and 2%). */
    static final double SMALL_FRACTION = 0.25;
    /** "Several times the virtual size": at least this many times the largest of the others (the paper's: 3.3). */
    static final double SEVERAL_TIMES = 2;
    /** "Near or below 1": a fault ratio after the doubled load of at most this (the paper's MRU: 0.90). */
    static final double NEAR_ONE = 1.1;

    /**
     * One claim and what the run says about it.
     *
     * @param claim    the paper's claim, in words
     * @param holds    whether the measured means bear it out
     * @param evidence the measured figures it was judged on
     */
    public record Claim(String claim, boolean holds, String evidence) {
    }

    private BrentClaims() {
    }

    /** The claims whose strategies were all run, in the paper's order. */
    public static List<Claim> check(Results results) {
        List<Claim> claims = new ArrayList<>();
        TableResult tridiag = results.table(Table.TRIDIAG);
        for (String strategy : List.of("mru", "nofree")) {
            Row row = tridiag.row(strategy);
            Row stack = tridiag.row("stack");
            if (row == null || stack == null) {
                continue;
            }
            boolean holds = true;
            List<String> evidence = new ArrayList<>();
            for (int f : tridiag.frames()) {
                double own = row.normalized().get(f).mean();
                double theirs = stack.normalized().get(f).mean();
                holds &= own < SMALL_FRACTION * theirs;
                evidence.add(String.format(Locale.ROOT, "%.3f vs %.3f at %d frames", own, theirs, f));
            }
            claims.add(new Claim("On TRIDIAG, " + upper(strategy) + "'s normalized faults are a small fraction"
                    + " (below " + SMALL_FRACTION + ") of STACK's", holds, String.join("; ", evidence)));
        }
        Row nofree = tridiag.row("nofree");
        if (nofree != null && tridiag.rows().size() > 1) {
            double largestOther = tridiag.rows().stream().filter(r -> r != nofree)
                    .mapToDouble(r -> r.virtualPages().mean()).max().orElseThrow();
            double own = nofree.virtualPages().mean();
            claims.add(new Claim("On TRIDIAG, NOFREE needs several times (at least " + (int) SEVERAL_TIMES
                    + "x) the virtual size of the others", own >= SEVERAL_TIMES * largestOther,
                    String.format(Locale.ROOT, "%.0f pages vs at most %.0f (%.1fx)", own, largestOther,
                            own / largestOther)));
        }
        TableResult pqsim = results.table(Table.PQSIM);
        Row mru = pqsim.row("mru");
        if (mru != null && pqsim.row("nofree") != null && pqsim.row("stack") != null) {
            int f = pqsim.frames().getFirst();
            double own = mru.faults().get(f).mean();
            double nofreeFaults = pqsim.row("nofree").faults().get(f).mean();
            double stackFaults = pqsim.row("stack").faults().get(f).mean();
            claims.add(new Claim("On PQSIM, MRU has fewer faults than NOFREE and STACK",
                    own < nofreeFaults && own < stackFaults, String.format(Locale.ROOT,
                    "MRU %.0f, NOFREE %.0f, STACK %.0f at %d frames", own, nofreeFaults, stackFaults, f)));
        }
        TableResult doubled = results.table(Table.PQSIM_DOUBLED);
        Row mruDoubled = doubled.row("mru");
        if (mruDoubled != null) {
            double ratio = mruDoubled.ratioToNormalLoad().mean();
            claims.add(new Claim("After the doubled initial load, MRU's fault ratio stays near or below 1 (at most "
                    + NEAR_ONE + ")", ratio <= NEAR_ONE, String.format(Locale.ROOT, "MRU %.2f", ratio)));
        }
        Row stack = doubled.row("stack");
        Row random = doubled.row(BrentStudy.BASELINE);
        if (stack != null && random != null) {
            double s = stack.ratioToNormalLoad().mean();
            double r = random.ratioToNormalLoad().mean();
            claims.add(new Claim("After the doubled initial load, STACK's and RANDOM's fault ratios grow (above 1)",
                    s > 1 && r > 1, String.format(Locale.ROOT, "STACK %.2f, RANDOM %.2f", s, r)));
        }
        return claims;
    }

    static String upper(String strategy) {
        return strategy.toUpperCase(Locale.ROOT);
    }
}
