package io.heaplab.core.run;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memory sizes and windows as heaplab reads them everywhere ({@code run}, {@code trace replay}, {@code curve}, a
 * sweep file, {@code reproduce carr}): a whole number ({@code 64}), a list ({@code 25,50,100}), a range by ones
 * ({@code 1..8}), by a step ({@code 100..1000/100}) or by a factor ({@code 16..1024*2}), a percentage of the pages
 * the stream touches ({@code 10%}, {@code 10%..100%/10}) and {@code all}, a whole curve in one pass; the consumer
 * says which of the last two it takes ({@link Forms}). docs/sizes.md is the reference.
 *
 * <p>A range is walked by {@link Ranges} in exact decimal in its own unit, frames or percentage points; each point
 * is then made a whole size, rounded half up (a percentage of {@code footprint} pages at least 1). Sizes keep the
 * order written and each is kept once.
 */
public final class Sizes {

    /** The word for every size at once: a whole curve. */
    public static final String ALL = "all";
    /** The most points one option's sizes may walk: more is a slip such as {@code 1..100000000}. */
    public static final int MAX_SIZES = 10_000;

    private static final String END = "(" + Ranges.NUMBER + ")(%?)";
    private static final Pattern ITEM = Pattern.compile(END + "(?:\\.\\." + END + "(?:([/*])" + END + ")?)?");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /**
     * The forms a consumer takes beyond whole numbers, lists and ranges.
     *
     * @param percentages whether a percentage of the pages touched is a size here (frames, where a stream is known)
     * @param all         whether {@code all}, a whole curve, is
     * @param why         why a percentage is not a size here, said after the forms; empty where it is
     */
    public record Forms(boolean percentages, boolean all, String why) {

        /** Frames of a run or a replay: every form. */
        public static final Forms FRAMES = new Forms(true, true, "");
        /** A window in references (theta): no percentage, which is of pages. */
        public static final Forms WINDOW = new Forms(false, true, "a percentage is of pages, for frames only");

        /** These forms less {@code all}, for a consumer that takes one size at a time. */
        public Forms withoutAll() {
            return new Forms(percentages, false, why);
        }

        /** The forms as an error message lists them after "expected:". */
        public String expected() {
            List<String> forms = new ArrayList<>(List.of("a whole number", "a list a,b,c",
                    "a range 16..1024*2 or 100..1000/100"));
            if (percentages) {
                forms.add("a percentage 10% or 10%..100%/10");
            }
            if (all) {
                forms.add(ALL);
            }
            String last = forms.removeLast();
            return "a size: " + String.join(", ", forms) + ", or " + last + (why.isEmpty() ? "" : "; " + why);
        }
    }

    /** A size that is none of its forms, or of a form with values it cannot take: the item and what was expected. */
    public static final class Malformed extends SpecException {

        @Serial
        private static final long serialVersionUID = 1L;

        private final String item;
        private final String expected;

        Malformed(String key, String item, String expected) {
            super(key + "=" + item + " (expected: " + expected + ")");
            this.item = item;
            this.expected = expected;
        }

        /** The item at fault, or the whole text when an item is empty. */
        public String item() {
            return item;
        }

        /** What was expected, as a message's parenthesis ends. */
        public String expected() {
            return expected;
        }
    }

    /** One point a size walks: a whole number of frames (or references), or a percentage of the pages touched. */
    private record Point(BigDecimal value, boolean percent) {

        String text() {
            return percent ? Ranges.text(value) + "%" : Ranges.text(Ranges.whole(value));
        }
    }

    /** The option that holds a memory size, in frames. */
    public static final String FRAMES = "frames";
    /** The option that holds a window, in references. */
    public static final String THETA = "theta";

    private final List<Point> points;

    private Sizes(List<Point> points) {
        this.points = points;
    }

    /**
     * {@code text}, the sizes of option {@code key}, read as {@code forms} allow; a malformed one fails with a
     * one-line {@link SpecException}, {@code key=item (expected: ...)}, listing every form {@code forms} takes when
     * the item is none of them.
     */
    public static Sizes parse(String key, String text, Forms forms) {
        String t = text.strip();
        if (t.equals(ALL)) {
            if (!forms.all()) {
                throw bad(key, t, forms);
            }
            return new Sizes(List.of());
        }
        List<Point> points = new ArrayList<>();
        for (String item : t.split(",", -1)) {
            String it = item.strip();
            Matcher m = ITEM.matcher(it);
            if (!m.matches()) {
                // an empty item is named by the whole text, where it can be seen
                throw bad(key, it.isEmpty() ? t : it, forms);
            }
            boolean percent = !m.group(2).isEmpty();
            if ((percent || !nullOrEmpty(m.group(4)) || !nullOrEmpty(m.group(7))) && !forms.percentages()) {
                throw bad(key, it, forms);
            }
            try {
                BigDecimal first = end(Ranges.number(m.group(1)), percent);
                if (m.group(3) == null) {
                    points.add(new Point(first, percent));
                } else {
                    walk(points, m, first, percent);
                }
            } catch (Ranges.Refused e) {
                if (e.tooMany()) {
                    throw new SpecException("option '" + key + "' names more than " + MAX_SIZES + " sizes"
                            + " (expected: a coarser step)");
                }
                throw new Malformed(key, it, e.expected());
            }
        }
        return new Sizes(List.copyOf(points));
    }

    /**
     * The forms a policy's option {@code key} takes as sizes ({@link Forms#FRAMES} for {@value #FRAMES},
     * {@link Forms#WINDOW} for {@value #THETA}), or null when it holds no size.
     */
    public static Forms forms(String key) {
        return switch (key) {
            case FRAMES -> Forms.FRAMES;
            case THETA -> Forms.WINDOW;
            default -> null;
        };
    }

    /** Whether these are {@code all}: a whole curve. */
    public boolean isAll() {
        return points.isEmpty();
    }

    /** Whether any size is a percentage, which only the pages a first pass counts can make a number. */
    public boolean needsFootprint() {
        return points.stream().anyMatch(Point::percent);
    }

    /**
     * Each size as text, a whole number or a canonical percentage ({@code 10%}), each once, in order: a sweep's
     * points, each made a number of frames by its own stream.
     */
    public List<String> texts() {
        SequencedSet<String> texts = new LinkedHashSet<>();
        points.forEach(p -> texts.add(p.text()));
        return List.copyOf(texts);
    }

    /** The sizes, percentages taken of {@code footprint} pages, each once, in order. */
    public List<Long> resolve(long footprint) {
        SequencedSet<Long> sizes = new LinkedHashSet<>();
        for (Point p : points) {
            sizes.add(p.percent() ? ofFootprint(p.value(), footprint) : Ranges.whole(p.value()).longValueExact());
        }
        return List.copyOf(sizes);
    }

    /** {@code percent} of {@code footprint} pages, rounded half up, at least one frame. */
    public static long ofFootprint(BigDecimal percent, long footprint) {
        BigDecimal frames = percent.multiply(BigDecimal.valueOf(footprint)).divide(HUNDRED)
                .setScale(0, RoundingMode.HALF_UP);
        return Math.max(1, frames.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue());
    }

    private static void walk(List<Point> points, Matcher m, BigDecimal first, boolean percent) {
        if (percent == m.group(4).isEmpty()) {
            throw new Ranges.Refused("both ends of a range in frames, or both percentages");
        }
        BigDecimal last = end(Ranges.number(m.group(3)), percent);
        Ranges.By by = m.group(5) == null ? Ranges.By.ONES : m.group(5).equals("/") ? Ranges.By.STEP
                : Ranges.By.FACTOR;
        if (m.group(5) != null && !m.group(7).isEmpty() && (!percent || by == Ranges.By.FACTOR)) {
            throw new Ranges.Refused("a percentage step only in a range of percentages, after '/'");
        }
        BigDecimal step = by == Ranges.By.ONES ? BigDecimal.ONE : Ranges.number(m.group(6));
        for (BigDecimal v : Ranges.walk(first, last, by, step, MAX_SIZES - points.size())) {
            points.add(new Point(v, percent));
        }
    }

    /** A size or a range's end checked: a whole number of 0 or more, or a percentage above 0. */
    private static BigDecimal end(BigDecimal value, boolean percent) {
        if (percent ? value.signum() <= 0 : value.signum() < 0) {
            throw new Ranges.Refused(percent ? "a percentage above 0" : "a size of 0 or more");
        }
        if (!percent && value.stripTrailingZeros().scale() > 0) {
            throw new Ranges.Refused("a whole number of frames or references, or a range of them such as"
                    + " 16..1024*1.5 whose points are rounded");
        }
        if (!percent && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new Ranges.Refused("a size of at most " + Long.MAX_VALUE);
        }
        return value;
    }

    private static boolean nullOrEmpty(String s) {
        return s == null || s.isEmpty();
    }

    private static SpecException bad(String key, String item, Forms forms) {
        return new Malformed(key, item, forms.expected());
    }
}
