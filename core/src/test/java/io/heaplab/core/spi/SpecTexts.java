package io.heaplab.core.spi;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Text a user might type as a spec, for fuzzing its parsing: mostly shaped like one ({@code name:key=value,...},
 * with values that are numbers, words, lists and ranges, near their limits), sometimes any characters at all, and
 * now and then a line break or an escape sequence.
 */
public final class SpecTexts {

    /** The characters a spec is made of, and a few it must not hold. */
    private static final String SPEC_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789:=,.-_%*/ +eEAZ\t";
    /** Characters a message that quotes the input must not pass on raw. */
    private static final String CONTROL = "\n\r\u001b\u0000\u0085";

    private SpecTexts() {
    }

    /** A spec's text: shaped like one, or made of its characters, or of any. */
    public static Arbitrary<String> specs(List<String> names, List<String> keys) {
        return Arbitraries.frequencyOf(
                Tuple.of(6, shaped(names, keys)),
                Tuple.of(2, Arbitraries.strings().withChars(SPEC_CHARS).ofMaxLength(40)),
                Tuple.of(1, Arbitraries.strings().ofMaxLength(20)),
                Tuple.of(1, Combinators.combine(shaped(names, keys), Arbitraries.of(CONTROL.chars()
                        .mapToObj(c -> String.valueOf((char) c)).toList()), Arbitraries.integers().between(0, 60))
                        .as((text, control, at) -> new StringBuilder(text)
                                .insert(Math.min(at, text.length()), control).toString())));
    }

    /** Whether {@code text} holds a character that {@link #specs} puts in to be escaped, or any other control. */
    public static boolean hasControl(String text) {
        return text.chars().anyMatch(Character::isISOControl);
    }

    /** {@code name}, or {@code name:} and options, some of them lists and ranges, some malformed. */
    private static Arbitrary<String> shaped(List<String> names, List<String> keys) {
        Arbitrary<String> name = Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.of(names)),
                Tuple.of(1, Arbitraries.strings().withChars("abz09._-A :").ofMaxLength(8)));
        Arbitrary<String> key = Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.of(keys)),
                Tuple.of(1, Arbitraries.strings().withChars("abz09 ").ofMaxLength(6)),
                Tuple.of(1, Arbitraries.of("", " ", "\t")));
        Arbitrary<String> option = Arbitraries.frequencyOf(
                Tuple.of(8, Combinators.combine(key, Arbitraries.of("=", "= ", " = ", "=="), values())
                        .as((k, eq, v) -> k + eq + v)),
                Tuple.of(1, values()),
                Tuple.of(1, Arbitraries.of("", " ", "=", "=x", "k=")));
        return Combinators.combine(name, option.list().ofMaxSize(4), Arbitraries.of(":", ": ", " :", "::"),
                Arbitraries.frequencyOf(Tuple.of(9, Arbitraries.just("")), Tuple.of(1, Arbitraries.of(" ", ",", ",,"))))
                .as((n, options, colon, tail) -> options.isEmpty() ? n + tail
                        : n + colon + String.join(",", options) + tail);
    }

    /** An option's value: a number near a limit, a word, a list, a range of frames or percentages. */
    public static Arbitrary<String> values() {
        Arbitrary<String> number = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(-3, 300).map(String::valueOf)),
                Tuple.of(2, Arbitraries.of("0", "1", "-1", "2147483647", "2147483648", "-2147483648",
                        "9223372036854775807", "9223372036854775808", "99999999999999999999", "1e3", "1e308",
                        "1e309", "-0", "0.5", "1.5", "1.0000000000000002", "1e-300", "4.9e-324", "NaN", "Infinity",
                        "-Infinity", "0x10", "08", " 7", "7 ", "+5", "1_000")),
                Tuple.of(1, Arbitraries.doubles().map(String::valueOf)),
                Tuple.of(1, Arbitraries.longs().map(String::valueOf)));
        Arbitrary<String> word = Arbitraries.of("all", "true", "false", "lifo", "address", "x", "ALL", "True", "");
        Arbitrary<String> end = Arbitraries.frequencyOf(Tuple.of(3, number),
                Tuple.of(1, number.map(n -> n + "%")));
        Arbitrary<String> range = Combinators.combine(end, end, Arbitraries.of("", "/", "*"), number)
                .as((first, last, op, by) -> first + ".." + last + (op.isEmpty() ? "" : op + by));
        Arbitrary<String> item = Arbitraries.frequencyOf(Tuple.of(4, number), Tuple.of(2, word),
                Tuple.of(3, range), Tuple.of(1, number.map(n -> n + "%")));
        return Arbitraries.frequencyOf(
                Tuple.of(9, item.list().ofMinSize(1).ofMaxSize(3).map(items -> String.join(",", items))),
                Tuple.of(1, Arbitraries.of("", " ", "\t")));
    }
}
