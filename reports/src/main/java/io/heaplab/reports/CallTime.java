package io.heaplab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The time a strategy or a real allocator took per call of a malloc trace, as {@code malloc replay} and
 * {@code malloc native} measure it: the median of several replays, with the fastest and slowest.
 *
 * @param nanosPerCall the median replay's wall time over its calls
 * @param fastest      the fastest replay's
 * @param slowest      the slowest replay's
 * @param repeats      replays timed
 * @param how          what was timed, in words (a warmed JVM replay, or a native process less the replayer's own)
 */
public record CallTime(double nanosPerCall, double fastest, double slowest, int repeats, String how) {

    /** The field of a run in a result file. */
    public static final String FIELD = "callTime";

    /** Puts each run's time under {@value #FIELD}, matched by its allocator; runs without one are left as they are. */
    public static void annotate(ObjectNode document, Map<String, CallTime> byAllocator) {
        for (JsonNode run : document.path("runs")) {
            CallTime time = byAllocator.get(run.path("allocator").asText());
            if (time != null && run instanceof ObjectNode node) {
                ObjectNode t = node.putObject(FIELD);
                t.put("nanosPerCall", time.nanosPerCall());
                t.put("fastest", time.fastest());
                t.put("slowest", time.slowest());
                t.put("repeats", time.repeats());
                t.put("how", time.how());
            }
        }
    }
}
