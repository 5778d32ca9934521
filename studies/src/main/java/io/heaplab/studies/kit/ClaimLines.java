package io.heaplab.studies.kit;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** A study's claims printed under its tables, one line each, with the same test on the paper's figures. */
public final class ClaimLines {

    private ClaimLines() {
    }

    /** {@code heading}, then a line per claim: agrees or DISAGREES, the claim, the evidence, the paper's. */
    public static void print(String heading, List<Claim> claims, PrintWriter out) {
        out.println(heading);
        for (Claim claim : claims) {
            out.printf(Locale.ROOT, "  %-9s  %s: %s%s%n", claim.holds() ? "agrees" : "DISAGREES", claim.claim(),
                    claim.evidence(), claim.hasPublished() ? " [paper: " + claim.published() + "]" : "");
        }
    }
}
