package io.heaplab.reports.schema;

import com.fasterxml.jackson.databind.JsonNode;

/** An array whose every element is one thing, and that may have to hold at least one. */
public final class Elements implements Expect {

    private final Expect element;
    private final boolean nonEmpty;

    Elements(Expect element, boolean nonEmpty) {
        this.element = element;
        this.nonEmpty = nonEmpty;
    }

    /** The same array, which must hold an element: the runs of a run file, the points a chart draws. */
    public Elements nonEmpty() {
        return new Elements(element, true);
    }

    @Override
    public void check(JsonNode node, JsonPath path) {
        if (!node.isArray() || nonEmpty && node.isEmpty()) {
            throw new SchemaViolation(path, node, expected());
        }
        for (int i = 0; i < node.size(); i++) {
            element.check(node.get(i), path.index(i));
        }
    }

    @Override
    public String expected() {
        return nonEmpty ? "a non-empty array" : "an array";
    }
}
