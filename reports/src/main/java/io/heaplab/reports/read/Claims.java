package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** A reproduction's checked claims as report notes: whether the measured figures agree, and the evidence. */
final class Claims {

    private Claims() {
    }

    static List<String> notes(JsonNode claims) {
        List<String> notes = new ArrayList<>();
        for (JsonNode claim : claims) {
            notes.add((claim.path("holds").asBoolean() ? "Agrees: " : "DISAGREES: ") + claim.path("claim").asText()
                    + " (" + claim.path("evidence").asText() + ")");
        }
        return notes;
    }
}
