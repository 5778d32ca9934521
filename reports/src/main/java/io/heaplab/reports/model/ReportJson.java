package io.heaplab.reports.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.reports.JsonResults;
import java.util.function.Predicate;

/**
 * Writes a {@link Report} as heaplab JSON ({@code "kind": "report"}) and reads it back, so a report's numbers can
 * be loaded again, merged with others, or checked by a script.
 */
public final class ReportJson {

    /** The value of {@code kind} that marks a report document. */
    public static final String KIND = "report";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ReportJson() {
    }

    /**
     * The report as a heaplab document: the common head (its {@code schema} is the report's), then the report's own
     * fields. A missing value (NaN, a published figure the paper lacks) is written as {@code null}, as in every
     * heaplab document, so a script reading the numbers finds no strings among them.
     */
    public static JsonNode toTree(Report report) {
        ObjectNode root = JsonResults.document();
        root.put("kind", KIND);
        ObjectNode fields = MAPPER.valueToTree(report);
        fields.remove("schema");
        root.setAll(fields);
        return replaceIn(root, node -> node.isNumber() && !Double.isFinite(node.asDouble()), NullNode.getInstance());
    }

    /** The report as UTF-8 JSON text, indented like every heaplab result file. */
    public static byte[] toBytes(Report report) {
        return JsonResults.render(toTree(report));
    }

    /** Whether {@code document} is a report this class wrote. */
    public static boolean isReport(JsonNode document) {
        return KIND.equals(document.path("kind").asText());
    }

    /**
     * Reads a report document back.
     *
     * @throws IllegalArgumentException naming what is wrong when the document is not a report of a schema this
     *                                  version reads
     */
    public static Report fromTree(JsonNode document) {
        if (!isReport(document)) {
            throw new IllegalArgumentException("not a heaplab report (expected: \"kind\": \"report\")");
        }
        int schema = document.path("schema").asInt(-1);
        if (schema < 1 || schema > Report.SCHEMA_VERSION) {
            throw new IllegalArgumentException("report schema " + document.path("schema") + " (expected: 1 to "
                    + Report.SCHEMA_VERSION + (schema > Report.SCHEMA_VERSION ? "; a newer heaplab wrote it)" : ")"));
        }
        try {
            JsonNode numbers = replaceIn(document.deepCopy(), JsonNode::isNull, DoubleNode.valueOf(Double.NaN));
            return MAPPER.treeToValue(numbers, Report.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String message = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException("malformed report: " + message, e);
        }
    }

    /** Replaces every array element of {@code tree} that {@code matches} with {@code replacement}, in place. */
    private static <T extends JsonNode> T replaceIn(T tree, Predicate<JsonNode> matches, JsonNode replacement) {
        if (tree instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (matches.test(array.get(i))) {
                    array.set(i, replacement);
                } else {
                    replaceIn(array.get(i), matches, replacement);
                }
            }
        } else if (tree instanceof ObjectNode object) {
            object.properties().forEach(e -> replaceIn(e.getValue(), matches, replacement));
        }
        return tree;
    }
}
