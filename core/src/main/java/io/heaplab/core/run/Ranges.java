package io.heaplab.core.run;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ranges of numbers, {@code FIRST..LAST} by ones, {@code FIRST..LAST/STEP} by a step added, {@code
 * FIRST..LAST*FACTOR} by a factor, both ends included when the walk lands on them; walked in exact decimal, so
 * {@code 0..1/0.1} lands on 1 and its fourth value is 0.3, not 0.30000000000000004. A sweep's numeric axes and a
 * policy's non-size options take them as they are; {@link Sizes} builds memory sizes and windows on them.
 */
public final class Ranges {

    /** A plain number: an optional sign, digits with an optional fraction, an optional exponent. */
    static final String NUMBER = "[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:[eE][+-]?\\d+)?";
    private static final Pattern RANGE = Pattern.compile("(" + NUMBER + ")\\.\\.(" + NUMBER + ")(?:([/*])("
            + NUMBER + "))?");
    private static final Pattern PLAIN = Pattern.compile(NUMBER);
    /** Digits either side of the point beyond which a number is a typo: its walk or its text would be absurd. */
    private static final int MOST_DIGITS = 400;
    /** A factor's products are kept to 34 digits, or a factor such as 1.0000001 would grow each point's digits. */
    private static final MathContext PRODUCTS = MathContext.DECIMAL128;

    /** How a range walks: by ones, by a step added, or by a factor. */
    public enum By { ONES, STEP, FACTOR }

    /** A range's or a number's fault, as the phrase after "expected:" says it; the caller names the culprit. */
    public static final class Refused extends SpecException {

        @Serial
        private static final long serialVersionUID = 1L;

        private final boolean tooMany;

        Refused(String expected) {
            this(expected, false);
        }

        private Refused(String expected, boolean tooMany) {
            super(expected);
            this.tooMany = tooMany;
        }

        /** Whether the range walks more values than its caller takes: a step too fine, not a malformed range. */
        public boolean tooMany() {
            return tooMany;
        }

        /** What was expected, as a message's parenthesis ends. */
        public String expected() {
            return getMessage();
        }
    }

    private Ranges() {
    }

    /**
     * The values {@code text} stands for as a sweep axis takes it: a range's, each written as a plain number, or
     * {@code text} alone when it is not a range (a path with {@code ..} in it stays a path); at most {@code max}.
     */
    public static List<String> expand(String text, int max) {
        Matcher m = RANGE.matcher(text.strip());
        if (!m.matches()) {
            return List.of(text);
        }
        try {
            return walk(m, max).stream().map(Ranges::text).toList();
        } catch (Refused e) {
            throw new SpecException("range " + text + " (expected: " + e.expected() + ")");
        }
    }

    /**
     * The values of {@code text}, a number, a range or a list of them separated by commas, in order, each once;
     * anything else fails with a {@link Refused} saying so.
     */
    public static List<String> list(String text, int max) {
        List<String> values = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String it = item.strip();
            Matcher m = RANGE.matcher(it);
            List<BigDecimal> walked = m.matches() ? walk(m, max - values.size()) : List.of(number(it));
            for (BigDecimal v : walked) {
                String value = text(v);
                if (!values.contains(value)) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    /** {@code text}, a plain number, as an exact decimal; anything else fails with a {@link Refused}. */
    public static BigDecimal number(String text) {
        if (!PLAIN.matcher(text.strip()).matches()) {
            throw new Refused("numbers: a number, a list a,b,c, or a range 1..10, 0..1/0.1 or 16..1024*2");
        }
        BigDecimal value = new BigDecimal(text.strip());
        if (Math.abs(value.scale()) > MOST_DIGITS || value.precision() - value.scale() > MOST_DIGITS) {
            throw new Refused("a number of at most " + MOST_DIGITS + " digits either side of the point");
        }
        return value;
    }

    /**
     * The points from {@code first} to {@code last} walked {@code by} {@code step} (ignored by ones), both ends
     * included when the walk lands on them; more than {@code max} points, a backward range, a step not above 0 or a
     * factor not above 1 (or from a first value not above 0, which a factor never moves past) fail with a
     * {@link Refused}.
     */
    public static List<BigDecimal> walk(BigDecimal first, BigDecimal last, By by, BigDecimal step, int max) {
        if (last.compareTo(first) < 0) {
            throw new Refused("a range FIRST..LAST with FIRST <= LAST");
        }
        BigDecimal s = by == By.ONES ? BigDecimal.ONE : step;
        if (by == By.FACTOR ? s.compareTo(BigDecimal.ONE) <= 0 || first.signum() <= 0 : s.signum() <= 0) {
            throw new Refused(by == By.FACTOR ? "a factor above 1 after '*', from a first value above 0"
                    : "a positive step after '/'");
        }
        List<BigDecimal> points = new ArrayList<>();
        for (BigDecimal v = first; v.compareTo(last) <= 0; v = by == By.FACTOR ? v.multiply(s, PRODUCTS) : v.add(s)) {
            if (points.size() >= max) {
                throw new Refused("at most " + max + " values: a coarser step", true);
            }
            points.add(v);
        }
        return points;
    }

    /** {@code value} as a plain number without trailing zeros: {@code 16}, {@code 0.3}. */
    public static String text(BigDecimal value) {
        return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
    }

    /** {@code value} rounded half up to a whole number, as a size is. */
    static BigDecimal whole(BigDecimal value) {
        return value.setScale(0, RoundingMode.HALF_UP);
    }

    private static List<BigDecimal> walk(Matcher m, int max) {
        By by = m.group(3) == null ? By.ONES : m.group(3).equals("/") ? By.STEP : By.FACTOR;
        return walk(number(m.group(1)), number(m.group(2)), by, by == By.ONES ? BigDecimal.ONE : number(m.group(4)),
                max);
    }
}
