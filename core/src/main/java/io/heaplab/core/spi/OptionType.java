package io.heaplab.core.spi;

/**
 * The value types an {@link Option} can take, each with the phrase an error message shows as expected; an option
 * narrows a numeric type to a range, and {@link #CHOICE} to its own words (see {@link Option.Allowed}).
 */
public enum OptionType {
    INT("an integer"),
    POSITIVE_INT("a positive integer"),
    POSITIVE_LONG("a positive integer"),
    NON_NEGATIVE_LONG("a non-negative integer"),
    DOUBLE("a number"),
    POSITIVE_DOUBLE("a positive number"),
    BOOLEAN("true or false"),
    STRING("a string"),
    /** A frame count or the word {@code all}, for policies that can give a whole curve in one pass. */
    POSITIVE_INT_OR_ALL("a positive integer or 'all'"),
    /** A window in references or the word {@code all}, for window policies that give a whole curve in one pass. */
    POSITIVE_LONG_OR_ALL("a positive integer or 'all'"),
    /** One of the words the option lists ({@link Option#choice}); the option, not the type, knows which. */
    CHOICE("one of the option's words");

    /** The word that stands for "every size" in {@link #POSITIVE_INT_OR_ALL} and {@link #POSITIVE_LONG_OR_ALL}. */
    public static final String ALL = "all";

    private final String expected;

    OptionType(String expected) {
        this.expected = expected;
    }

    /** What a valid value looks like, for error messages. */
    public String expected() {
        return expected;
    }

    /** Whether the values are numbers, so that an option may bound them by a {@link Option.Range}. */
    public boolean isNumber() {
        return switch (this) {
            case INT, POSITIVE_INT, POSITIVE_LONG, NON_NEGATIVE_LONG, DOUBLE, POSITIVE_DOUBLE -> true;
            default -> false;
        };
    }

    /** Whether the values are whole numbers. */
    public boolean isInteger() {
        return switch (this) {
            case INT, POSITIVE_INT, POSITIVE_LONG, NON_NEGATIVE_LONG -> true;
            default -> false;
        };
    }

    /** Parses {@code raw}, or returns null when it is not a valid value of this type. */
    Object parse(String raw) {
        try {
            return switch (this) {
                case INT -> Integer.parseInt(raw);
                case POSITIVE_INT -> positive(Integer.parseInt(raw));
                case POSITIVE_LONG -> positive(Long.parseLong(raw));
                case NON_NEGATIVE_LONG -> {
                    long v = Long.parseLong(raw);
                    yield v >= 0 ? v : null;
                }
                case DOUBLE -> finite(Double.parseDouble(raw));
                case POSITIVE_DOUBLE -> {
                    Double v = finite(Double.parseDouble(raw));
                    yield v != null && v > 0 ? v : null;
                }
                case BOOLEAN -> raw.equals("true") ? Boolean.TRUE : raw.equals("false") ? Boolean.FALSE : null;
                case STRING, CHOICE -> raw.isEmpty() ? null : raw;
                case POSITIVE_INT_OR_ALL -> raw.equals(ALL) ? ALL : positive(Integer.parseInt(raw));
                case POSITIVE_LONG_OR_ALL -> raw.equals(ALL) ? ALL : positive(Long.parseLong(raw));
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Integer positive(int v) {
        return v > 0 ? v : null;
    }

    private static Long positive(long v) {
        return v > 0 ? v : null;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
