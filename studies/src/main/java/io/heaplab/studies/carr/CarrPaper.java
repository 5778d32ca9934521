package io.heaplab.studies.carr;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.studies.kit.PublishedFigures;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures Carr &amp; Hennessy published in Table 2 (peak performance of WS and WSCLOCK on configurations A, B
 * and C), read from the transcription kept with heaplab.
 *
 * @param source the paper, as the transcription names it
 * @param peaks  Table 2's columns by configuration then policy ({@link CarrPolicy#WS_LTRT} and {@link
 *               CarrPolicy#WSCLOCK}: the paper's "WS" column is WS with LT/RT, the better of its two WS curves)
 */
public record CarrPaper(String source, Map<Character, Map<CarrPolicy, Peak>> peaks) {

    static final String RESOURCE = "carr-hennessy-wsclock.json";

    /**
     * One column of Table 2.
     *
     * @param theta         theta at peak utilization, in references
     * @param utilization   processor utilization
     * @param meanMpl       mean multiprogramming level
     * @param deactivations load-control deactivations
     * @param faults        page faults
     * @param pointerTravel frames examined per replacement (WSCLOCK), or NaN
     * @param wsScans       WS-scans
     */
    public record Peak(long theta, double utilization, double meanMpl, double deactivations, double faults,
                       double pointerTravel, double wsScans) {
    }

    /** Reads the transcription kept beside this class. */
    public static CarrPaper load() {
        JsonNode root = PublishedFigures.load(CarrPaper.class, RESOURCE);
        Map<Character, Map<CarrPolicy, Peak>> peaks = new LinkedHashMap<>();
        for (JsonNode column : root.get("table2PeakPerformance")) {
            char config = column.get("config").asText().charAt(0);
            CarrPolicy policy = column.get("policy").asText().equals("WSCLOCK") ? CarrPolicy.WSCLOCK
                    : CarrPolicy.WS_LTRT;
            peaks.computeIfAbsent(config, c -> new LinkedHashMap<>()).put(policy, new Peak(
                    column.get("thetaThousandRefs").asLong() * 1000, column.get("utilization").asDouble(),
                    column.get("meanMpl").asDouble(), column.get("deactivations").asDouble(),
                    column.get("pageFaults").asDouble(), column.path("pointerTravelPerReplacement").asDouble(Double.NaN),
                    column.get("wsScans").asDouble()));
        }
        return new CarrPaper(root.get("source").asText(), peaks);
    }

    /** The published column of {@code policy} on {@code config}, or null. */
    public Peak peak(char config, CarrPolicy policy) {
        return peaks.getOrDefault(config, Map.of()).get(policy);
    }
}
