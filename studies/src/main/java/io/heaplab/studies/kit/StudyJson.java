package io.heaplab.studies.kit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.reports.JsonResults;
import java.util.List;
import java.util.SequencedMap;

/** The parts every study's result file shares: its head, the failed strategies and the judged claims. */
public final class StudyJson {

    private StudyJson() {
    }

    /** A heaplab document (schema, tool, environment) for the experiment {@code experiment} of {@code source}. */
    public static ObjectNode document(String experiment, String source) {
        ObjectNode root = JsonResults.document();
        root.put("experiment", experiment);
        root.put("source", source);
        return root;
    }

    /** The {@code seeds} array of a document's {@code parameters}. */
    public static void seeds(ObjectNode parameters, Seeds seeds) {
        ArrayNode array = parameters.putArray("seeds");
        seeds.list().forEach(array::add);
    }

    /** The document's tail, the failed strategies and the claims, then the whole of it rendered. */
    public static byte[] finish(ObjectNode root, SequencedMap<String, String> failed, List<Claim> claims) {
        failed(root, failed);
        claims(root, claims);
        return JsonResults.render(root);
    }

    /** The {@code notes} array: what the docs know of the run's distance from the paper, measured; nothing if none. */
    public static void notes(ObjectNode root, List<String> notes) {
        if (!notes.isEmpty()) {
            ArrayNode array = root.putArray("notes");
            notes.forEach(array::add);
        }
    }

    /** The {@code failed} array, {@code {strategy, failure}} each, when something failed; nothing otherwise. */
    static void failed(ObjectNode root, SequencedMap<String, String> failed) {
        if (!failed.isEmpty()) {
            ArrayNode array = root.putArray("failed");
            failed.forEach((strategy, failure) -> array.addObject().put("strategy", strategy).put("failure", failure));
        }
    }

    /**
     * The {@code claims} array: {@code claim}, {@code tolerance} (the test's thresholds), {@code verdict} ({@code agrees}, {@code DISAGREES} or {@code not
     * tested}), {@code holds} (false unless it agrees), {@code evidence} (for a claim not tested, why) and, where
     * tested, {@code published}; where measured, the {@code cause} of a disagreement.
     */
    static void claims(ObjectNode root, List<Claim> claims) {
        ArrayNode array = root.putArray("claims");
        for (Claim claim : claims) {
            ObjectNode node = array.addObject();
            node.put("claim", claim.claim());
            node.put("tolerance", claim.tolerance());
            node.put("verdict", claim.verdict());
            node.put("holds", claim.holds());
            node.put("evidence", claim.evidence());
            if (claim.hasPublished()) {
                node.put("published", claim.published());
            }
            if (claim.hasCause()) {
                node.put("cause", claim.cause());
            }
        }
    }
}
