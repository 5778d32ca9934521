package io.heaplab.reports.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An object: its fields by name, each required or optional, checked in the order declared; what any other field
 * must hold (anything, unless {@link #others} says); and arrays that must be as long as each other. Each method
 * returns a new object, so a shared part (a document's head) is extended without being changed.
 */
public final class Fields implements Expect {

    /** An object of any fields. */
    static final Fields NONE = new Fields(List.of(), null, List.of());

    private record Field(String name, Expect expect, boolean required) {
    }

    private final List<Field> fields;
    /** What a field not declared must hold; null when it may hold anything (a newer heaplab's addition). */
    private final Expect others;
    private final List<List<String>> sameLength;

    private Fields(List<Field> fields, Expect others, List<List<String>> sameLength) {
        this.fields = List.copyOf(fields);
        this.others = others;
        this.sameLength = List.copyOf(sameLength);
    }

    /** This object with field {@code name}, which must be there and be {@code expect}. */
    public Fields required(String name, Expect expect) {
        return with(new Field(name, expect, true));
    }

    /** This object with field {@code name}, which may be left out but, when there, must be {@code expect}. */
    public Fields optional(String name, Expect expect) {
        return with(new Field(name, expect, false));
    }

    /** This object, where every field not declared must be {@code expect}. */
    public Fields others(Expect expect) {
        return new Fields(fields, expect, sameLength);
    }

    /** This object, where the arrays {@code names} (those present) have as many elements as each other. */
    public Fields sameLength(String... names) {
        List<List<String>> rules = new ArrayList<>(sameLength);
        rules.add(List.of(names));
        return new Fields(fields, others, rules);
    }

    /** This object with the fields and rules of {@code more} after its own: a document's head, then its body. */
    public Fields with(Fields more) {
        Fields all = this;
        for (Field field : more.fields) {
            all = all.with(field);
        }
        List<List<String>> rules = new ArrayList<>(all.sameLength);
        rules.addAll(more.sameLength);
        return new Fields(all.fields, more.others != null ? more.others : others, rules);
    }

    private Fields with(Field field) {
        if (fields.stream().anyMatch(f -> f.name.equals(field.name))) {
            throw new IllegalArgumentException("field '" + field.name + "' declared twice (expected: once)");
        }
        List<Field> all = new ArrayList<>(fields);
        all.add(field);
        return new Fields(all, others, sameLength);
    }

    @Override
    public void check(JsonNode node, JsonPath path) {
        if (!node.isObject()) {
            throw new SchemaViolation(path, node, expected());
        }
        for (Field field : fields) {
            JsonNode value = node.get(field.name);
            if (value != null) {
                field.expect.check(value, path.field(field.name));
            } else if (field.required) {
                throw new SchemaViolation(path.field(field.name), null, field.expect.expected());
            }
        }
        if (others != null) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                if (fields.stream().noneMatch(f -> f.name.equals(entry.getKey()))) {
                    others.check(entry.getValue(), path.field(entry.getKey()));
                }
            }
        }
        for (List<String> names : sameLength) {
            checkSameLength(node, path, names);
        }
    }

    /** The first array of {@code names} present sets the length every other must have. */
    private static void checkSameLength(JsonNode node, JsonPath path, List<String> names) {
        String first = null;
        for (String name : names) {
            JsonNode array = node.get(name);
            if (array == null) {
                continue;
            }
            if (first == null) {
                first = name;
            } else if (array.size() != node.get(first).size()) {
                throw new SchemaViolation(path.field(name), array, "an array of " + node.get(first).size()
                        + ", as many as " + first);
            }
        }
    }

    @Override
    public String expected() {
        return "an object";
    }
}
