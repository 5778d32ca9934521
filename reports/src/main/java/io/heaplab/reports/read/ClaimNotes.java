package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A reproduction's checked claims as report notes: whether the measured figures agree, the evidence, and the same
 * test on the paper's own figures where the file carries it, so a reader can judge the test itself, and the measured
 * cause of a disagreement where the file has one.
 */
public final class ClaimNotes {

    private ClaimNotes() {
    }

    /** One note per claim of a reproduction file's {@code claims} array. */
    public static List<String> of(JsonNode claims) {
        List<String> notes = new ArrayList<>();
        for (JsonNode claim : claims) {
            String published = claim.path("published").isTextual()
                    ? " [the same test on the paper's figures: " + claim.get("published").asText() + "]" : "";
            // files written before claims stated their tolerance have none
            String tolerance = claim.path("tolerance").isTextual() ? "; tolerance: " + claim.get("tolerance").asText()
                    : "";
            String cause = claim.path("cause").isTextual() ? " Why: " + claim.get("cause").asText() : "";
            String verdict = claim.path("verdict").asText(claim.path("holds").asBoolean() ? "agrees" : "DISAGREES");
            notes.add((verdict.equals("not tested") ? "Not tested: " : verdict.equals("agrees") ? "Agrees: "
                    : "DISAGREES: ") + claim.path("claim").asText()
                    + " (" + claim.path("evidence").asText() + tolerance + ")" + published + cause);
        }
        return notes;
    }
}
