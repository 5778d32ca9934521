package io.heaplab.reports.schema;

import com.fasterxml.jackson.databind.JsonNode;

/** A value that may also be {@code null}. */
final class OrNull implements Expect {

    private final Expect value;

    OrNull(Expect value) {
        this.value = value;
    }

    @Override
    public void check(JsonNode node, JsonPath path) {
        if (node.isNull()) {
            return;
        }
        try {
            value.check(node, path);
        } catch (SchemaViolation e) {
            // the value itself was of the wrong kind: say that null would do too; a fault deeper in it stands
            if (e.path() != path) {
                throw e;
            }
            throw new SchemaViolation(path, node, expected());
        }
    }

    @Override
    public String expected() {
        return value.expected() + ", or null";
    }
}
