package io.heaplab.core.run;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceTally;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A policy spec naming many memory sizes at once, expanded into one spec per size, as Caffeine's simulator takes
 * {@code --maximumSize=a,b,c}: {@code lru:frames=25,50,100}, {@code lru:frames=16..1024*2} (doubling),
 * {@code fifo:frames=100..1000/100} (a step), and {@code arc:frames=10%..100%/10} (fractions of the pages the
 * stream touches, for {@code frames} only). Several listed options multiply, in the order written.
 *
 * <p>{@code frames} and {@code theta} are read by {@link Sizes}, even when they name one size ({@code frames=16.0}
 * is 16, {@code frames=ten} fails listing every form); any other option listed or ranged is a list of exact numbers
 * ({@link Ranges#list}).
 */
public final class PolicySizes {

    /**
     * The most sizes one option may expand to, points one range may walk, and policies a spec's listed options make
     * together, so a slip such as {@code frames=1..100000000} fails at once.
     */
    public static final int MAX_SIZES = Sizes.MAX_SIZES;

    private PolicySizes() {
    }

    /** Whether any option of {@code policies} names a list, a range or a fraction of the footprint. */
    public static boolean expands(List<Spec> policies) {
        return policies.stream().anyMatch(p -> p.options().values().stream().anyMatch(PolicySizes::isList));
    }

    /** Whether any option of {@code policies} names a fraction of the footprint, which only a first pass can tell. */
    public static boolean needsFootprint(List<Spec> policies) {
        return policies.stream().anyMatch(p -> p.options().entrySet().stream()
                .anyMatch(o -> Sizes.forms(o.getKey()) != null && o.getValue().contains("%")));
    }

    /**
     * Checks that each of {@code policies} names a whole curve ({@code lru:frames=all}, {@code ws:theta=all}), as
     * {@code heaplab curve} takes them: a size that is none of the size syntax's forms fails as such, and one that
     * names sizes fails saying a curve is every size; both one line.
     */
    public static void requireCurves(List<Spec> policies) {
        for (Spec policy : policies) {
            boolean curve = false;
            int sizes = 0;
            for (Map.Entry<String, String> option : policy.options().entrySet()) {
                Sizes.Forms forms = Sizes.forms(option.getKey());
                curve |= option.getValue().equals(Sizes.ALL);
                if (forms != null && !option.getValue().equals(Sizes.ALL)) {
                    try {
                        sizes = Math.max(sizes, Sizes.parse(option.getKey(), option.getValue(), forms).texts().size());
                    } catch (SpecException e) {
                        throw new SpecException(policy.name() + ": " + option.getKey() + "=" + option.getValue()
                                + " (expected: all, a whole curve; sizes one at a time are heaplab run's and"
                                + " trace replay's, in the size syntax of docs/sizes.md)");
                    }
                }
            }
            if (!curve) {
                throw new SpecException("policy '" + policy + "' " + (sizes > 1 ? "names " + sizes + " sizes"
                        : "is one size") + " (expected: a whole curve, such as lru:frames=all or ws:theta=all)");
            }
        }
    }

    /**
     * The pages {@code run}'s stream touches, as a fraction of the footprint counts them: a first pass, without its
     * policies (deterministic, so the stream its measured pass makes).
     */
    public static long footprint(Runner runner, RunSpec run) {
        ReferenceTally tally = new ReferenceTally();
        runner.run(run.withPolicies(List.of()), List.of(tally));
        return tally.distinctPages();
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
        return OptionCombinations.of(policy, (key, value) -> values(policy.name(), key, value, footprint), MAX_SIZES,
                () -> new SpecException(policy.name() + ": its listed options name more than " + MAX_SIZES
                        + " policies together (expected: fewer sizes)"));
    }

    private static boolean isList(String value) {
        return value.contains(",") || value.contains("..") || value.endsWith("%");
    }

    /**
     * The values of option {@code key}: a size option's ({@link Sizes#FRAMES}, {@link Sizes#THETA}) as
     * {@link Sizes} reads them, any other's, when listed, as exact numbers ({@link Ranges#list}).
     */
    private static List<String> values(String name, String key, String text, long footprint) {
        try {
            Sizes.Forms forms = Sizes.forms(key);
            if (forms == null) {
                return isList(text) ? numbers(key, text) : List.of(text);
            }
            Sizes sizes = Sizes.parse(key, text, forms);
            if (sizes.isAll()) {
                return List.of(Sizes.ALL);
            }
            if (sizes.needsFootprint() && footprint < 0) {
                throw new SpecException(key + "=" + text + " (expected: a number of frames: the pages touched are"
                        + " not known here)");
            }
            return sizes.resolve(footprint).stream().map(String::valueOf).toList();
        } catch (SpecException e) {
            throw new SpecException(name + ": " + e.getMessage());
        }
    }

    private static List<String> numbers(String key, String text) {
        if (text.strip().endsWith("%")) {
            throw new SpecException(key + "=" + text + " (expected: a percentage for frames only, a fraction of"
                    + " the pages touched)");
        }
        try {
            return Ranges.list(text, MAX_SIZES);
        } catch (Ranges.Refused e) {
            if (e.tooMany()) {
                throw new SpecException("option '" + key + "' names more than " + MAX_SIZES + " values"
                        + " (expected: a coarser step)");
            }
            throw new SpecException(key + "=" + text + " (expected: " + e.expected() + ")");
        }
    }
}
