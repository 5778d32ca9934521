package io.heaplab.reports.schema;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.regex.Pattern;

/**
 * Where a value sits in a JSON document, written as JSONPath writes it: {@code $} for the document,
 * {@code .name} for a field, {@code [3]} for an array element, and {@code ["lru:frames=2"]} for a field whose name
 * is not a plain identifier (escaped as a JSON string, so the path stays on one line whatever the name holds).
 */
public final class JsonPath {

    /** The document itself. */
    public static final JsonPath ROOT = new JsonPath(null, "$");

    /** Field names written after a dot; any other is written in brackets. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final JsonPath parent;
    private final String segment;

    private JsonPath(JsonPath parent, String segment) {
        this.parent = parent;
        this.segment = segment;
    }

    /** The path of field {@code name} of the object here. */
    public JsonPath field(String name) {
        return new JsonPath(this, IDENTIFIER.matcher(name).matches() ? "." + name
                : "[\"" + new String(JsonStringEncoder.getInstance().quoteAsString(name)) + "\"]");
    }

    /** The path of element {@code index} of the array here. */
    public JsonPath index(int index) {
        return new JsonPath(this, "[" + index + "]");
    }

    @Override
    public String toString() {
        // built only for a message: a document's walk makes a path per value and renders almost none
        return parent == null ? segment : parent + segment;
    }
}
