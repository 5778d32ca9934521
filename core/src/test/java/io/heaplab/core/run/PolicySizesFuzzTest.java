package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpecTexts;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * Lists and ranges of policy sizes fed what a user might type ({@link SpecTexts#values()}: numbers near their limits,
 * ranges with tiny, huge and missing steps and factors, percentages): a policy expands into one to
 * {@link PolicySizes#MAX_SIZES} specs, at once, or fails with a {@link SpecException}; never another exception, a
 * loop, a run out of memory, or a policy that silently expands to none.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class PolicySizesFuzzTest {

    /** A policy with one or two listed options, as {@code -p} takes it. */
    @Provide
    Arbitrary<String> policies() {
        Arbitrary<String> option = Combinators.combine(Arbitraries.of("frames", "theta", "window"), SpecTexts.values())
                .as((key, value) -> key + "=" + value);
        return Arbitraries.frequencyOf(Tuple.of(3, option), Tuple.of(1, option.list().ofSize(2).uniqueElements(
                o -> o.substring(0, o.indexOf('='))).map(options -> String.join(",", options))))
                .map(options -> "lru:" + options);
    }

    @Property(tries = 1500, seed = "20250608")
    void aPolicyExpandsToAtMostMaxSizesSpecsOrFailsWithASpecException(
            @ForAll("policies") String text, @ForAll("footprints") long footprint) {
        Throwable thrown = Attempt.of(() -> {
            Spec policy = Spec.parse(text);
            List<Spec> expanded = PolicySizes.expand(List.of(policy), footprint);
            assertThat(expanded).as("the sizes of %s", text).isNotEmpty().hasSizeLessThanOrEqualTo(PolicySizes.MAX_SIZES);
            for (Spec spec : expanded) {
                assertThat(spec.name()).isEqualTo(policy.name());
                assertThat(spec.options().keySet()).containsExactlyElementsOf(policy.options().keySet());
            }
            return expanded;
        }).thrown();
        if (thrown != null && !(thrown instanceof SpecException)) {
            throw new AssertionError("'" + text + "' threw " + thrown + " (expected: a SpecException)", thrown);
        }
    }

    /** Pages a first pass found, or none known (-1). */
    @Provide
    Arbitrary<Long> footprints() {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(-1L)),
                Tuple.of(2, Arbitraries.longs().between(0, 1000)), Tuple.of(1, Arbitraries.of(1L << 40, Long.MAX_VALUE)));
    }
}
