package io.heaplab.studies.brent;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.studies.kit.PublishedFigures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The figures Brent published in Tables 3.1-3.3 of "The Most-Recently-Used Strategy for Dynamic Storage
 * Allocation on a Computer with Virtual Memory", read from the JSON transcription kept with heaplab.
 */
public final class BrentPaper {

    /** Where the transcription lives on the class path. */
    static final String RESOURCE = "brent-mru.json";

    /**
     * One published row.
     *
     * @param virtualPages      the virtual size, or -1 where the table has none (3.3)
     * @param faults            faults by frames of real memory
     * @param normalized        faults divided by RANDOM's, by frames
     * @param ratioToNormalLoad Table 3.3's faults after a doubled initial load over Table 3.2's, or NaN
     * @param estimated         whether Brent estimated the row rather than measured it (NOFREE on PQSIM: "Results
     *                          quoted for NOFREE in Tables 3.2 and 3.3 are estimated, due to paging file quota
     *                          restrictions")
     */
    public record Row(long virtualPages, SortedMap<Integer, Long> faults, SortedMap<Integer, Double> normalized,
                      double ratioToNormalLoad, boolean estimated) {
    }

    /** The tables whose NOFREE row Brent estimated (section 3.2). */
    private static final Set<String> NOFREE_ESTIMATED = Set.of("3.2", "3.3");

    /** Rows by table ("3.1") then by strategy name in lower case ("stack"), in the paper's order. */
    private final Map<String, Map<String, Row>> tables;

    private BrentPaper(Map<String, Map<String, Row>> tables) {
        this.tables = tables;
    }

    /** Reads the transcription kept beside this class. */
    public static BrentPaper load() {
        return parse(PublishedFigures.load(BrentPaper.class, RESOURCE));
    }

    private static BrentPaper parse(JsonNode root) {
        Map<String, Map<String, Row>> tables = new LinkedHashMap<>();
        for (JsonNode table : root.get("tables")) {
            // Tables 3.2 and 3.3 give one fault count, for their working set of 50 pages
            int workingSet = table.path("workingSetPages").asInt(0);
            Map<String, Row> rows = new LinkedHashMap<>();
            for (JsonNode row : table.get("rows")) {
                String strategy = row.get("strategy").asText().toLowerCase(Locale.ROOT);
                rows.put(strategy, new Row(
                        row.path("virtualPages").asLong(-1),
                        byFrames(row.get("faults"), workingSet, JsonNode::asLong),
                        byFrames(row.get("normalized"), workingSet, JsonNode::asDouble),
                        row.path("ratioToNormalLoad").asDouble(Double.NaN),
                        strategy.equals("nofree") && NOFREE_ESTIMATED.contains(table.get("table").asText())));
            }
            tables.put(table.get("table").asText(), rows);
        }
        return new BrentPaper(tables);
    }

    private static <T> SortedMap<Integer, T> byFrames(JsonNode node, int workingSet,
                                                      java.util.function.Function<JsonNode, T> value) {
        SortedMap<Integer, T> map = new TreeMap<>();
        if (node.isObject()) {
            node.properties().forEach(e -> map.put(Integer.parseInt(e.getKey()), value.apply(e.getValue())));
        } else {
            map.put(workingSet, value.apply(node));
        }
        return map;
    }

    /** The memory sizes {@code table} reports faults at, in frames. */
    public List<Integer> frames(String table) {
        return List.copyOf(row(table, BrentExperiment.BASELINE).faults().keySet());
    }

    /** The published row of {@code strategy} in {@code table}, or null when Brent did not measure it. */
    public Row row(String table, String strategy) {
        return tables.getOrDefault(table, Map.of()).get(strategy);
    }
}
