package io.heaplab.reports.schema;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The vocabulary of expectations: what each accepts, and the one line it says about what it does not. */
class ExpectTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static void assertRefused(Expect expect, String json, String message) {
        assertThatThrownBy(() -> expect.check(json(json))).isInstanceOf(SchemaViolation.class).hasMessage(message);
    }

    private static void assertAccepted(Expect expect, String json) {
        assertThatCode(() -> expect.check(json(json))).doesNotThrowAnyException();
    }

    @Test
    void countsAreWholeAndNotNegative() {
        assertAccepted(Expect.count(), "0");
        assertAccepted(Expect.count(), "4.0");
        assertRefused(Expect.count(), "4.5", "$: 4.5 (expected: a count, a whole number >= 0)");
        assertRefused(Expect.count(), "-1", "$: -1 (expected: a count, a whole number >= 0)");
        assertRefused(Expect.count(), "1e400", "$: Infinity (expected: a count, a whole number >= 0)");
        assertAccepted(Expect.countOrUncounted(), "-1");
        assertRefused(Expect.countOrUncounted(), "-2", "$: -2 (expected: a count, or -1 when not counted)");
    }

    @Test
    void aNumberWithoutAValueIsAcceptedOnlyAsItsRangeAllows() {
        assertAccepted(Expect.ratio().orNotFinite(), "\"NaN\"");
        assertRefused(Expect.ratio().orNotFinite(), "\"Infinity\"",
                "$: \"Infinity\" (expected: a ratio, a number from 0 to 1, or \"NaN\")");
        assertAccepted(Expect.atLeast(0).orNotFinite(), "\"Infinity\"");
        assertRefused(Expect.atLeast(0).orNotFinite(), "\"-Infinity\"",
                "$: \"-Infinity\" (expected: a number >= 0, \"NaN\" or \"Infinity\")");
        assertRefused(Expect.number().orNotFinite(), "\"nan\"",
                "$: \"nan\" (expected: a number, \"NaN\", \"Infinity\" or \"-Infinity\")");
        assertRefused(Expect.number(), "\"NaN\"", "$: \"NaN\" (expected: a number)");
        assertThatThrownBy(() -> Expect.text().orNotFinite()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void stringsBooleansAndChoices() {
        assertRefused(Expect.oneOf("frames", "window"), "\"pages\"",
                "$: \"pages\" (expected: one of \"frames\", \"window\")");
        assertRefused(Expect.oneOf("report"), "1", "$: 1 (expected: \"report\")");
        assertRefused(Expect.bool(), "\"true\"", "$: \"true\" (expected: true or false)");
        assertRefused(Expect.scalar(), "true", "$: true (expected: a string or a number)");
        assertRefused(Expect.matching("[a-z]+\\.[a-z]+", "a dotted name"), "\"nodot\"",
                "$: \"nodot\" (expected: a dotted name)");
    }

    @Test
    void anObjectChecksItsFieldsInTheOrderDeclaredAndLetsOthersThrough() {
        Fields run = Expect.object().required("workload", Expect.text()).required("references", Expect.count())
                .optional("searches", Expect.count());
        assertAccepted(run, "{\"references\": 3, \"workload\": \"w\", \"added\": [1]}");
        assertRefused(run, "{\"references\": -3}", "$.workload: missing (expected: a string)");
        assertRefused(run, "{\"workload\": \"w\", \"references\": 3, \"searches\": null}",
                "$.searches: null (expected: a count, a whole number >= 0)");
        assertRefused(run, "[]", "$: [] (expected: an object)");
        assertRefused(run.others(Expect.bool()), "{\"workload\": \"w\", \"references\": 3, \"odd\": 1}",
                "$.odd: 1 (expected: true or false)");
    }

    @Test
    void aSharedHeadIsExtendedWithoutBeingChangedAndAFieldIsDeclaredOnce() {
        Fields head = Expect.object().required("tool", Expect.oneOf("heaplab"));
        Fields run = head.with(Expect.object().required("runs", Expect.arrayOf(Expect.count()).nonEmpty()));
        assertAccepted(head, "{\"tool\": \"heaplab\"}");
        assertRefused(run, "{\"tool\": \"heaplab\"}", "$.runs: missing (expected: a non-empty array)");
        assertThatThrownBy(() -> head.required("tool", Expect.text())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field 'tool' declared twice (expected: once)");
    }

    @Test
    void arraysNameTheirElementsByIndexAndMayHaveToMatchInLength() {
        Fields curve = Expect.object().required("sizes", Expect.arrayOf(Expect.wholeFrom(1)))
                .optional("faults", Expect.arrayOf(Expect.count())).sameLength("sizes", "faults");
        assertRefused(curve, "{\"sizes\": [1, 0]}", "$.sizes[1]: 0 (expected: a whole number >= 1)");
        assertRefused(curve, "{\"sizes\": [1, 2], \"faults\": [3]}",
                "$.faults: [3] (expected: an array of 2, as many as sizes)");
        assertAccepted(curve, "{\"sizes\": [1, 2]}");
    }

    @Test
    void nullMayStandForAValueButNotHideAFaultInside() {
        Expect published = Expect.object().required("faults", Expect.count()).orNull();
        assertAccepted(published, "null");
        assertRefused(published, "7", "$: 7 (expected: an object, or null)");
        assertRefused(published, "{\"faults\": \"x\"}", "$.faults: \"x\" (expected: a count, a whole number >= 0)");
    }

    @Test
    void pathsAndValuesStayOnOneLineAndShort() {
        Expect faults = Expect.mapOf(Expect.count());
        assertRefused(faults, "{\"lru:frames=2\": \"9\"}", "$[\"lru:frames=2\"]: \"9\" (expected: a count, a whole"
                + " number >= 0)");
        assertRefused(faults, "{\"a\\nb\\\"\": true}", "$[\"a\\nb\\\"\"]: true (expected: a count, a whole number >= 0)");
        assertRefused(Expect.count(), "\"line one\\nline two\"",
                "$: \"line one\\nline two\" (expected: a count, a whole number >= 0)");
        assertRefused(Expect.count(), "[" + "1,".repeat(10_000) + "1]",
                "$: [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1... (expected: a count, a whole number >= 0)");
        assertRefused(Expect.count(), "\"" + "x".repeat(10_000) + "\"",
                "$: \"" + "x".repeat(39) + "... (expected: a count, a whole number >= 0)");
    }
}
