package io.heaplab.paging;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.testkit.PageTraces;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Belady's MIN (1966) faults no more than any other demand-paging policy in the same number of frames. Every
 * policy on the class path that takes a {@code frames} option is compared, so policies added later are too.
 */
class OptIsOptimalTest {

    private static final String FRAMES = "frames";
    /**
     * Values to try for required options besides {@code frames}, by name. A policy with another required option
     * not listed here is left out of the comparison (and named by {@link #everyFixedMemoryPolicyIsCompared}).
     */
    private static final Map<String, List<String>> OTHER_REQUIRED = Map.of("theta", List.of("1", "7", "1000000"));

    private static final Plugins PLUGINS = Plugins.load();

    /** Every spec to compare at {@code frames}: each fixed-memory policy but opt, once per extra option value. */
    static List<String> rivals(int frames) {
        List<String> specs = new ArrayList<>();
        for (ReplacementPolicyProvider provider : PLUGINS.policies().all()) {
            if (provider.name().equals("opt") || provider.options().stream().noneMatch(o -> o.name().equals(FRAMES))) {
                continue;
            }
            List<String> variants = List.of(provider.name() + ":" + FRAMES + "=" + frames);
            for (Option option : provider.options()) {
                if (option.isRequired() && !option.name().equals(FRAMES)) {
                    List<String> values = OTHER_REQUIRED.get(option.name());
                    if (values == null) {
                        variants = List.of();
                        break;
                    }
                    List<String> more = new ArrayList<>();
                    for (String variant : variants) {
                        for (String value : values) {
                            more.add(variant + "," + option.name() + "=" + value);
                        }
                    }
                    variants = more;
                }
            }
            specs.addAll(variants);
        }
        return specs;
    }

    static long faults(String spec, long[] runs, int frames) {
        Spec parsed = Spec.parse(spec);
        ReplacementPolicyProvider provider = PLUGINS.policies().find(parsed.name());
        PagingSimulator simulator = provider.create(Options.bind(provider, parsed));
        return switch (PageTraces.run(simulator, runs)) {
            case PagingOutcome.Faults f -> f.faults();
            case PagingOutcome.Curve c -> c.faultsAt(frames);
        };
    }

    @Test
    void everyFixedMemoryPolicyIsCompared() {
        List<String> names = rivals(3).stream().map(spec -> Spec.parse(spec).name()).distinct().toList();
        List<String> left = PLUGINS.policies().all().stream()
                .filter(p -> p.options().stream().anyMatch(o -> o.name().equals(FRAMES)))
                .map(ReplacementPolicyProvider::name)
                .filter(name -> !name.equals("opt") && !names.contains(name))
                .toList();
        assertThat(names).contains("lru", "wsclock");
        assertThat(left).as("policies with frames but an unknown required option").isEmpty();
    }

    @Provide
    Arbitrary<long[]> traces() {
        return PageTraces.traces(12, 300);
    }

    @Property(tries = 200)
    void minFaultsNoMoreThanAnyOtherPolicy(@ForAll("traces") long[] runs,
                                           @ForAll @IntRange(min = 1, max = 10) int frames) {
        long opt = faults("opt:frames=" + frames, runs, frames);
        assertThat(faults("opt:frames=all", runs, frames)).as("the OPT stack").isEqualTo(opt);
        for (String rival : rivals(frames)) {
            assertThat(opt).as("opt against %s", rival).isLessThanOrEqualTo(faults(rival, runs, frames));
        }
    }
}
