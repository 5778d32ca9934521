package io.heaplab.core.run;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SequencedSet;

/**
 * A policy spec naming many memory sizes at once, expanded into one spec per size, as Caffeine's simulator takes
 * {@code --maximumSize=a,b,c}: {@code lru:frames=25,50,100}, {@code lru:frames=16..1024*2} (doubling),
 * {@code fifo:frames=100..1000/100} (a step), and {@code arc:frames=10%..100%/10} (fractions of the pages the
 * stream touches, for {@code frames} only). Several listed options multiply, in the order written.
 *
 * <p>An item is a whole number, a percentage, or a range {@code FIRST..LAST} with an optional {@code /STEP} (added)
 * or {@code *FACTOR} (multiplied); a range includes LAST when a step lands on it. Sizes keep the order given and
 * each is kept once.
 */
public final class PolicySizes {

    /**
     * The most sizes one option may expand to, points one range may walk, and policies a spec's listed options make
     * together, so a slip such as {@code frames=1..100000000} fails at once.
     */
    public static final int MAX_SIZES = 10_000;

    private PolicySizes() {
    }

    /** Whether any option of {@code policies} names a list, a range or a fraction of the footprint. */
    public static boolean expands(List<Spec> policies) {
        return policies.stream().anyMatch(p -> p.options().values().stream().anyMatch(PolicySizes::isList));
    }

    /** Whether any option of {@code policies} names a fraction of the footprint, which only a first pass can tell. */
    public static boolean needsFootprint(List<Spec> policies) {
        return policies.stream().anyMatch(p -> p.options().values().stream().anyMatch(v -> v.contains("%")));
    }

    /**
     * Every policy with its lists expanded, percentages taken of {@code footprint} pages (rounded, at least 1);
     * fails with a one-line {@link SpecException} on a malformed list or a percentage where no footprint is known
     * ({@code footprint < 0}) or of an option other than {@code frames}.
     */
    public static List<Spec> expand(List<Spec> policies, long footprint) {
        // a size two specs both name is left twice, for the run's check to call it a policy given twice
        List<Spec> expanded = new ArrayList<>();
        for (Spec policy : policies) {
            expanded.addAll(expand(policy, footprint));
        }
        return expanded;
    }

    /** The specs {@code policy} names, one per combination of its listed options' values. */
    static List<Spec> expand(Spec policy, long footprint) {
        List<SequencedMap<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        for (Map.Entry<String, String> option : policy.options().entrySet()) {
            List<String> values = isList(option.getValue())
                    ? values(policy.name(), option.getKey(), option.getValue(), footprint)
                    : List.of(option.getValue());
            if ((long) combinations.size() * values.size() > MAX_SIZES) {
                throw new SpecException(policy.name() + ": its listed options name more than " + MAX_SIZES
                        + " policies together (expected: fewer sizes)");
            }
            List<SequencedMap<String, String>> next = new ArrayList<>();
            for (SequencedMap<String, String> partial : combinations) {
                for (String value : values) {
                    SequencedMap<String, String> options = new LinkedHashMap<>(partial);
                    options.put(option.getKey(), value);
                    next.add(options);
                }
            }
            combinations = next;
        }
        return combinations.stream().map(options -> new Spec(policy.name(), options)).toList();
    }

    private static boolean isList(String value) {
        return value.contains(",") || value.contains("..") || value.endsWith("%");
    }

    private static List<String> values(String name, String key, String text, long footprint) {
        SequencedSet<Long> sizes = new LinkedHashSet<>();
        for (String item : text.split(",", -1)) {
            String it = item.strip();
            int dots = it.indexOf("..");
            if (dots < 0) {
                add(sizes, size(name, key, it, footprint), name, key);
                continue;
            }
            String rest = it.substring(dots + 2);
            int slash = rest.indexOf('/');
            int star = rest.indexOf('*');
            int cut = slash >= 0 ? slash : star;
            String firstText = it.substring(0, dots).strip();
            String lastText = (cut >= 0 ? rest.substring(0, cut) : rest).strip();
            boolean percent = firstText.endsWith("%");
            if (percent != lastText.endsWith("%")) {
                throw bad(name, key, it, "both ends of a range in frames, or both percentages");
            }
            // the range is walked in its own unit, percentage points or frames, and each point made a size
            double first = unit(name, key, it, firstText);
            double last = unit(name, key, it, lastText);
            if (last < first) {
                throw bad(name, key, it, "a range FIRST..LAST with FIRST <= LAST");
            }
            // LAST with a hair to spare, so rounding does not drop it; above it whatever LAST's sign
            double bound = last + Math.abs(last) * 1e-9;
            if (star >= 0) {
                double factor = number(name, key, it, rest.substring(star + 1));
                if (!(factor > 1) || !(first > 0)) {
                    throw bad(name, key, it, "a factor above 1 after '*', from a first size above 0");
                }
                int points = 0;
                for (double s = first; s <= bound; s *= factor) {
                    walked(++points, name, key);
                    add(sizes, size(name, key, point(s, percent), footprint), name, key);
                }
            } else {
                String stepText = slash < 0 ? "1" : rest.substring(slash + 1).strip();
                double step = number(name, key, it, stepText.endsWith("%")
                        ? stepText.substring(0, stepText.length() - 1) : stepText);
                if (!(step > 0)) {
                    throw bad(name, key, it, "a positive step after '/'");
                }
                for (long i = 0; first + i * step <= bound; i++) {
                    walked(i + 1, name, key);
                    add(sizes, size(name, key, point(first + i * step, percent), footprint), name, key);
                }
            }
        }
        return sizes.stream().map(String::valueOf).toList();
    }

    /** A range's end as a number in its unit: frames, or percentage points. */
    private static double unit(String name, String key, String item, String end) {
        return number(name, key, item, end.endsWith("%") ? end.substring(0, end.length() - 1) : end);
    }

    /** A point of a range written back as an item: a whole number of frames, or a percentage. */
    private static String point(double value, boolean percent) {
        return percent ? Spec.number(value) + "%" : Long.toString(Math.round(value));
    }

    /**
     * Counts the points a range walks, not only the sizes it adds: where points round to one size (a step below the
     * precision of a huge first size, a factor a hair above 1) the distinct sizes stop growing and the walk would not
     * end.
     */
    private static void walked(long points, String name, String key) {
        if (points > MAX_SIZES) {
            throw new SpecException(name + ": option '" + key + "' names more than " + MAX_SIZES
                    + " sizes (expected: a coarser step)");
        }
    }

    private static void add(SequencedSet<Long> sizes, long size, String name, String key) {
        sizes.add(size);
        if (sizes.size() > MAX_SIZES) {
            throw new SpecException(name + ": option '" + key + "' names more than " + MAX_SIZES
                    + " sizes (expected: a coarser step)");
        }
    }

    private static long size(String name, String key, String text, long footprint) {
        String t = text.strip();
        if (t.endsWith("%")) {
            if (!key.equals("frames")) {
                throw bad(name, key, t, "a percentage for frames only, a fraction of the pages touched");
            }
            if (footprint < 0) {
                throw bad(name, key, t, "a number of frames: the pages touched are not known here");
            }
            double percent = number(name, key, t, t.substring(0, t.length() - 1));
            if (!(percent > 0)) {
                throw bad(name, key, t, "a percentage above 0");
            }
            return Math.max(1, Math.round(percent * footprint / 100));
        }
        try {
            long value = Long.parseLong(t);
            if (value < 0) {
                throw bad(name, key, t, "a size of 0 or more");
            }
            return value;
        } catch (NumberFormatException e) {
            throw bad(name, key, t, "a whole number, a percentage such as 50%, or a range such as 10..100/10");
        }
    }

    private static double number(String name, String key, String item, String text) {
        double value;
        try {
            value = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        // NaN and infinities parse, but no range walks to or from them
        if (!Double.isFinite(value)) {
            throw bad(name, key, item, "a number in '" + text + "'");
        }
        return value;
    }

    private static SpecException bad(String name, String key, String item, String expected) {
        return new SpecException(name + ": " + key + "=" + item + " (expected: " + expected + ")");
    }
}
