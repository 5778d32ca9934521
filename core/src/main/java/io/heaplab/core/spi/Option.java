package io.heaplab.core.spi;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One typed option of a plugin, as in {@code frames=250}; it may narrow its type to a closed set of words
 * ({@code order=address|lifo}) or a bounded range of numbers ({@code sli=1..5}), so that a bad value fails when
 * the spec is bound, before anything runs.
 *
 * @param name         the key in the spec string
 * @param type         what values it takes
 * @param defaultValue the value used when the spec omits it, or null when the option is required
 * @param description  one line for {@code heaplab list}
 * @param allowed      the values of {@code type} it admits: {@link Allowed#ANY}, a {@link Choice} or a {@link Range}
 */
public record Option(String name, OptionType type, String defaultValue, String description, Allowed allowed) {

    /** A word of a choice: what a spec can hold between {@code =} and the next {@code ,}, and no {@code |}. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._+-]+");

    public Option {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(allowed, "allowed");
        switch (allowed) {
            case Choice c when type != OptionType.CHOICE && !type.isInteger() -> throw new IllegalArgumentException(
                    "option " + name + ": choices " + c.words() + " for type " + type
                    + " (expected: type CHOICE or an integer type)");
            case Choice c when c.words().stream().anyMatch(w -> type.parse(w) == null) -> throw new
                    IllegalArgumentException("option " + name + ": choices " + c.words() + " (expected: words that are"
                    + " each " + type.expected() + ")");
            case Range r when !type.isNumber() -> throw new IllegalArgumentException("option " + name + ": range "
                    + r + " for type " + type + " (expected: a numeric type)");
            case Range r when type.parse(r.min().toPlainString()) == null || type.parse(r.max().toPlainString()) == null
                    -> throw new IllegalArgumentException("option " + name + ": range " + r + " (expected: bounds that"
                    + " are each " + type.expected() + ")");
            case Any any when type == OptionType.CHOICE -> throw new IllegalArgumentException("option " + name
                    + ": type CHOICE without words (expected: Option.choice)");
            default -> { }
        }
        if (defaultValue != null && parse(type, allowed, defaultValue) == null) {
            throw new IllegalArgumentException(
                    "option " + name + ": default '" + defaultValue + "' (expected: " + expected(type, allowed) + ")");
        }
    }

    /** An option of any value of {@code type}, as plugins built before choices and ranges declare it. */
    public Option(String name, OptionType type, String defaultValue, String description) {
        this(name, type, defaultValue, description, Allowed.ANY);
    }

    /** An option that must be given. */
    public static Option required(String name, OptionType type, String description) {
        return new Option(name, type, null, description);
    }

    /** An option with a default. */
    public static Option of(String name, OptionType type, String defaultValue, String description) {
        return new Option(name, type, Objects.requireNonNull(defaultValue, "defaultValue"), description);
    }

    /** An option whose value is one of {@code words}, like {@code order=address|lifo}; the default is one of them. */
    public static Option choice(String name, List<String> words, String defaultValue, String description) {
        return new Option(name, OptionType.CHOICE, Objects.requireNonNull(defaultValue, "defaultValue"), description,
                new Choice(words));
    }

    /**
     * An option whose value is one of the integers {@code values}, like {@code steps=1|2|4|8|16}; it reads as
     * {@code type} ({@link Options#getInt} for an int type), and the default is one of them.
     */
    public static Option choice(String name, OptionType type, List<? extends Number> values, String defaultValue,
                                String description) {
        return new Option(name, type, Objects.requireNonNull(defaultValue, "defaultValue"), description,
                new Choice(values.stream().map(Number::toString).toList()));
    }

    /**
     * An option whose value is a number of {@code type} from {@code min} to {@code max} inclusive, like
     * {@code sli=1..5}; the default lies in the range.
     */
    public static Option range(String name, OptionType type, Number min, Number max, String defaultValue,
                               String description) {
        return new Option(name, type, Objects.requireNonNull(defaultValue, "defaultValue"), description,
                new Range(min, max));
    }

    public boolean isRequired() {
        return defaultValue == null;
    }

    /** What a valid value looks like, for messages: {@code one of address, lifo}, {@code 1..5}, {@code a number}. */
    public String expected() {
        return expected(type, allowed);
    }

    /**
     * The allowed values as {@code heaplab list} writes them, {@code address|lifo} or {@code 1..5}; null when any
     * value of the type will do.
     */
    public String allowedValues() {
        return switch (allowed) {
            case Choice c -> String.join("|", c.words());
            case Range r -> r.toString();
            case Any any -> null;
        };
    }

    /** {@code raw} parsed to the option's type, or null when it is not a value this option admits. */
    Object parse(String raw) {
        return parse(type, allowed, raw);
    }

    private static Object parse(OptionType type, Allowed allowed, String raw) {
        Object value = type.parse(raw);
        if (value == null) {
            return null;
        }
        return switch (allowed) {
            // by value, so that an integer choice takes 08 for 8 as an integer option would
            case Choice c -> c.words().stream().anyMatch(w -> value.equals(type.parse(w))) ? value : null;
            case Range r -> r.contains((Number) value) ? value : null;
            case Any any -> value;
        };
    }

    private static String expected(OptionType type, Allowed allowed) {
        return switch (allowed) {
            case Choice c -> "one of " + String.join(", ", c.words());
            // an integer range reads as itself; a number range says that fractions are welcome
            case Range r -> type.isInteger() ? r.toString() : "a number in " + r;
            case Any any -> type.expected();
        };
    }

    /** Which values of its type an option admits. */
    public sealed interface Allowed permits Any, Choice, Range {
        /** Every value of the type. */
        Allowed ANY = new Any();
    }

    /** Every value of the option's type. */
    public record Any() implements Allowed {
    }

    /**
     * A closed set of words, in the order {@code heaplab list} shows them.
     *
     * @param words at least one, distinct, each letters, digits, '.', '_', '+' or '-'
     */
    public record Choice(List<String> words) implements Allowed {

        public Choice {
            words = List.copyOf(words);
            if (words.isEmpty()) {
                throw new IllegalArgumentException("choice: no words (expected: at least one)");
            }
            Set<String> seen = new HashSet<>();
            for (String word : words) {
                if (!WORD.matcher(word).matches()) {
                    throw new IllegalArgumentException("choice: word '" + word
                            + "' (expected: letters, digits, '.', '_', '+' or '-')");
                }
                if (!seen.add(word)) {
                    throw new IllegalArgumentException("choice: word '" + word + "' given twice (expected: each once)");
                }
            }
        }
    }

    /**
     * The numbers from {@code min} to {@code max}, both included; exact decimals, so a bound of 0.1 is 0.1.
     *
     * @param min the smallest value admitted
     * @param max the largest value admitted, not below {@code min}
     */
    public record Range(BigDecimal min, BigDecimal max) implements Allowed {

        public Range {
            min = Objects.requireNonNull(min, "min").stripTrailingZeros();
            max = Objects.requireNonNull(max, "max").stripTrailingZeros();
            if (min.compareTo(max) > 0) {
                throw new IllegalArgumentException("range: " + min.toPlainString() + ".." + max.toPlainString()
                        + " (expected: min <= max)");
            }
        }

        /** The range from {@code min} to {@code max}, numbers of any boxed type. */
        public Range(Number min, Number max) {
            this(decimal(min), decimal(max));
        }

        /** Whether {@code value} lies in the range. */
        public boolean contains(Number value) {
            BigDecimal v = decimal(value);
            return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
        }

        private static BigDecimal decimal(Number n) {
            Objects.requireNonNull(n, "bound");
            if (n instanceof Double d && !Double.isFinite(d) || n instanceof Float f && !Float.isFinite(f)) {
                throw new IllegalArgumentException("range: bound " + n + " (expected: a finite number)");
            }
            return n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
        }

        /** {@code min..max} as a spec would write the bounds: {@code 1..5}, {@code 0.5..2}. */
        @Override
        public String toString() {
            return min.toPlainString() + ".." + max.toPlainString();
        }
    }
}
