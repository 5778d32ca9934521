package io.heaplab.reports.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a JSON value must be, built in code from a few parts ({@link #object()}, {@link #arrayOf}, {@link #count()},
 * {@link #ratio()}, {@link #oneOf}...) and checked against a Jackson tree, which it walks in the order the fields
 * are declared, failing at the first value out of place.
 */
public interface Expect {

    /**
     * Checks {@code node}, found at {@code path}.
     *
     * @throws SchemaViolation naming the first value under {@code node} that is not what is expected
     */
    void check(JsonNode node, JsonPath path);

    /** What is expected, as a message says it after "expected: " ({@code a count, a whole number >= 0}). */
    String expected();

    /** Checks a whole document. */
    default void check(JsonNode document) {
        check(document, JsonPath.ROOT);
    }

    /** This, or {@code null}: a value heaplab leaves out as null (an infinite lifetime, a figure not published). */
    default Expect orNull() {
        return new OrNull(this);
    }

    /** A whole number of something: at least 0. */
    static Value count() {
        return Value.numeric("a count, a whole number >= 0", true, v -> v >= 0);
    }

    /** A count, or -1 where heaplab writes that it did not count (searches of a strategy that does not). */
    static Value countOrUncounted() {
        return Value.numeric("a count, or -1 when not counted", true, v -> v >= -1);
    }

    /** Any whole number: a seed. */
    static Value whole() {
        return Value.numeric("a whole number", true, v -> true);
    }

    /** A whole number from {@code min} on: a curve's sizes start at one frame. */
    static Value wholeFrom(long min) {
        return Value.numeric("a whole number >= " + min, true, v -> v >= min);
    }

    /** Any finite number. */
    static Value number() {
        return Value.numeric("a number", false, v -> true);
    }

    /** A number from {@code min} on. */
    static Value atLeast(long min) {
        return Value.numeric("a number >= " + min, false, v -> v >= min);
    }

    /** A fraction of a whole: a miss ratio, a utilization. */
    static Value ratio() {
        return Value.numeric("a ratio, a number from 0 to 1", false, v -> v >= 0 && v <= 1);
    }

    /** Any string. */
    static Value text() {
        return new Value("a string", JsonNode::isTextual);
    }

    /** One of {@code values}, as a string. */
    static Value oneOf(String... values) {
        List<String> allowed = List.of(values);
        String quoted = Arrays.stream(values).map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
        return new Value(values.length == 1 ? quoted : "one of " + quoted,
                node -> node.isTextual() && allowed.contains(node.textValue()));
    }

    /** A string that {@code regex} matches whole, described as {@code expected}. */
    static Value matching(String regex, String expected) {
        Pattern pattern = Pattern.compile(regex);
        return new Value(expected, node -> node.isTextual() && pattern.matcher(node.textValue()).matches());
    }

    /** {@code true} or {@code false}. */
    static Value bool() {
        return new Value("true or false", JsonNode::isBoolean);
    }

    /** A string or a finite number: a value shown as text, whatever it is. */
    static Value scalar() {
        return new Value("a string or a number", node -> node.isTextual() || Value.isFiniteNumber(node));
    }

    /** An object; its fields are declared on the result ({@link Fields#required}, {@link Fields#optional}). */
    static Fields object() {
        return Fields.NONE;
    }

    /** An object whose every field holds {@code value}, whatever the names: faults by policy spec. */
    static Fields mapOf(Expect value) {
        return Fields.NONE.others(value);
    }

    /** An array whose every element is {@code element}. */
    static Elements arrayOf(Expect element) {
        return new Elements(element, false);
    }
}
