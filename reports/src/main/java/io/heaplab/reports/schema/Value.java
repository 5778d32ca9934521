package io.heaplab.reports.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;

/** A single value: a string, a number in a range, a boolean. */
public final class Value implements Expect {

    private final String expected;
    private final Predicate<JsonNode> accepts;
    /** The range of a number, for {@link #orNotFinite()}; null for other values. */
    private final DoublePredicate range;

    Value(String expected, Predicate<JsonNode> accepts) {
        this(expected, accepts, null);
    }

    private Value(String expected, Predicate<JsonNode> accepts, DoublePredicate range) {
        this.expected = expected;
        this.accepts = accepts;
        this.range = range;
    }

    /** A finite number in {@code range}, and whole when {@code whole} (4.0 is a whole number, 4.5 is not). */
    static Value numeric(String expected, boolean whole, DoublePredicate range) {
        return new Value(expected, node -> isFiniteNumber(node) && (!whole || isWhole(node))
                && range.test(node.asDouble()), range);
    }

    static boolean isFiniteNumber(JsonNode node) {
        return node.isNumber() && Double.isFinite(node.asDouble());
    }

    private static boolean isWhole(JsonNode node) {
        return node.isIntegralNumber() || node.asDouble() == Math.rint(node.asDouble());
    }

    /**
     * This number, or what Jackson writes for a double that has no finite value: {@code "NaN"} (a mean of
     * nothing, a ratio of zero to zero) and, where the range holds it, {@code "Infinity"} or {@code "-Infinity"}.
     */
    public Value orNotFinite() {
        if (range == null) {
            throw new IllegalStateException(expected + " is not a number");
        }
        List<String> words = new ArrayList<>(List.of("NaN"));
        if (range.test(Double.POSITIVE_INFINITY)) {
            words.add("Infinity");
        }
        if (range.test(Double.NEGATIVE_INFINITY)) {
            words.add("-Infinity");
        }
        List<String> quoted = words.stream().map(w -> "\"" + w + "\"").toList();
        String alternatives = quoted.size() == 1 ? ", or " + quoted.getFirst()
                : ", " + String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.getLast();
        return new Value(expected + alternatives, node -> accepts.test(node)
                || node.isTextual() && words.contains(node.textValue()), range);
    }

    @Override
    public void check(JsonNode node, JsonPath path) {
        if (!accepts.test(node)) {
            throw new SchemaViolation(path, node, expected);
        }
    }

    @Override
    public String expected() {
        return expected;
    }
}
