package io.heaplab.studies.kit;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.SequencedMap;

/** The lines every study prints around its tables: a scaled-down run's caveat, failed strategies, the claims. */
public final class StudyText {

    private StudyText() {
    }

    /** Says the run is smaller than the paper's ({@code paperScale}, in words), so its figures only guide. */
    public static void scaledDown(String paperScale, PrintWriter out) {
        out.println("scaled down from the paper's " + paperScale + ": the paper's figures are shown for reference"
                + " only");
    }

    /** A line per strategy whose runs failed, with the first reason. */
    public static void failed(SequencedMap<String, String> failed, PrintWriter out) {
        failed.forEach((strategy, failure) -> out.println("FAILED " + strategy + ": " + failure));
    }

    /**
     * {@code heading}, then a line per claim: agrees, DISAGREES or not tested, the claim, the evidence (for a claim
     * not tested, why), the paper's.
     */
    public static void claims(String heading, List<Claim> claims, PrintWriter out) {
        out.println(heading);
        for (Claim claim : claims) {
            out.printf(Locale.ROOT, "  %-10s  %s (tolerance: %s): %s%s%n", claim.verdict(), claim.claim(),
                    claim.tolerance(), claim.evidence(), claim.hasPublished() ? " [paper: " + claim.published() + "]"
                            : "");
            if (claim.hasCause()) {
                out.printf(Locale.ROOT, "              why: %s%n", claim.cause());
            }
        }
    }
}
