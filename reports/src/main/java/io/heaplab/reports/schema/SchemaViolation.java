package io.heaplab.reports.schema;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The first value of a document that is not what its schema expects, as one line: its path, what was found there
 * (a short JSON excerpt, or {@code missing}) and what was expected.
 */
public final class SchemaViolation extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The longest excerpt of a value found: enough to recognise it, never a whole document. */
    static final int EXCERPT = 40;

    private final transient JsonPath path;

    /** {@code found} (null when the value is missing) at {@code path}, where {@code expected} was expected. */
    public SchemaViolation(JsonPath path, JsonNode found, String expected) {
        super(path + ": " + excerpt(found) + " (expected: " + expected + ")", null, false, false);
        this.path = path;
    }

    /** Where the value out of place sits. */
    public JsonPath path() {
        return path;
    }

    /**
     * {@code node} as compact JSON, cut after {@value #EXCERPT} characters ("..." then says so); {@code missing}
     * for no value. Strings are escaped as JSON escapes them, so the excerpt holds no line break.
     */
    static String excerpt(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "missing";
        }
        StringBuilder text = new StringBuilder();
        append(node, text);
        return text.length() > EXCERPT ? text.substring(0, EXCERPT) + "..." : text.toString();
    }

    /** Appends {@code node} until the excerpt is long enough: a huge array is not rendered whole to be cut. */
    private static void append(JsonNode node, StringBuilder text) {
        if (node.isObject()) {
            text.append('{');
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext() && text.length() <= EXCERPT) {
                Map.Entry<String, JsonNode> field = fields.next();
                quote(field.getKey(), text);
                text.append(':');
                append(field.getValue(), text);
                text.append(fields.hasNext() ? "," : "");
            }
            text.append('}');
        } else if (node.isArray()) {
            text.append('[');
            for (int i = 0; i < node.size() && text.length() <= EXCERPT; i++) {
                append(node.get(i), text);
                text.append(i + 1 < node.size() ? "," : "");
            }
            text.append(']');
        } else if (node.isTextual()) {
            String value = node.textValue();
            quote(value.length() > EXCERPT ? value.substring(0, EXCERPT + 1) : value, text);
        } else if (node.isNumber()) {
            // as the number reads, 1e400 as Infinity: Jackson's toString would quote it like a string
            text.append(node.asText());
        } else {
            text.append(node);
        }
    }

    private static void quote(String value, StringBuilder text) {
        text.append('"').append(JsonStringEncoder.getInstance().quoteAsString(value)).append('"');
    }
}
