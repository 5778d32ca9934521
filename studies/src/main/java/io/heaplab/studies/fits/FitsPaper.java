package io.heaplab.studies.fits;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.studies.kit.PublishedFigures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's table (C. Zhang, Operating Systems Principles: Segmented Memory Allocator): total RSS and total time
 * of each load, data type and fit, the mean of three runs, read from the JSON transcription kept with heaplab.
 */
public final class FitsPaper {

    /** Where the transcription lives on the class path. */
    static final String RESOURCE = "zhang-fits.json";

    /** The report's loads by name: allocations and deallocations. */
    static final Map<String, Integer> LOADS = Map.of("High", 50_000, "Medium", 20_000, "Low", 7_000);

    /**
     * One fit's figures in one set.
     *
     * @param rssKB the process's resident set at the end, KB
     * @param ms    the whole test's time, ms
     */
    public record Figures(double rssKB, double ms) {
    }

    private final String source;
    /** By load (50000), then type ("int"), then fit ("first"). */
    private final Map<Integer, Map<String, Map<String, Figures>>> rows;

    private FitsPaper(String source, Map<Integer, Map<String, Map<String, Figures>>> rows) {
        this.source = source;
        this.rows = rows;
    }

    /** Reads the transcription kept beside this class. */
    public static FitsPaper load() {
        JsonNode root = PublishedFigures.load(FitsPaper.class, RESOURCE);
        Map<Integer, Map<String, Map<String, Figures>>> rows = new LinkedHashMap<>();
        for (JsonNode row : root.get("rows")) {
            Map<String, Figures> fits = new LinkedHashMap<>();
            for (String fit : List.of("first", "best", "worst")) {
                JsonNode f = row.get(fit);
                fits.put(fit, new Figures(f.get("rssKB").asDouble(), f.get("ms").asDouble()));
            }
            rows.computeIfAbsent(LOADS.get(row.get("load").asText()), l -> new LinkedHashMap<>())
                    .put(row.get("type").asText().toLowerCase(Locale.ROOT), fits);
        }
        return new FitsPaper(root.get("source").asText(), rows);
    }

    public String source() {
        return source;
    }

    /** The report's figures for {@code fit} at {@code load} and {@code type}, or null where it ran no such test. */
    public Figures figures(int load, String type, String fit) {
        Map<String, Map<String, Figures>> byType = rows.get(load);
        return byType == null || byType.get(type) == null ? null : byType.get(type).get(fit);
    }
}
