package io.heaplab.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmarks' strategies and policies come from the registry, each benchmark taking what it can serve. */
class RegistryParamsTest {

    private static final Plugins BUILT_IN = Plugins.load();
    private static final List<String> FIXED_ONLY = List.of("stack", "random", "nofree", "mru", "least-free",
            "most-free");

    @Test
    void theFixedSizeBenchmarkTakesEveryStrategyAndMalloc() {
        List<String> names = BUILT_IN.allocators().all().stream().map(AllocatorProvider::name).toList();
        assertThat(RegistryParams.fixedSizeStrategies(BUILT_IN, false))
                .containsAll(names).contains(AllocatorBenchmark.MALLOC).hasSize(names.size() + 1);
    }

    @Test
    void theVariableSizeBenchmarksLeaveOutTheStrategiesOfOneBlockSize() {
        List<String> variable = RegistryParams.variableSizeStrategies(BUILT_IN, false);
        assertThat(variable).doesNotContainAnyElementsOf(FIXED_ONLY)
                .contains("first-fit", "best-fit", "buddy", "tlsf", "segregated", "brent-ff", AllocatorBenchmark.MALLOC);
        assertThat(RegistryParams.purdomStrategies(BUILT_IN, false)).doesNotContainAnyElementsOf(FIXED_ONLY)
                .doesNotContain(AllocatorBenchmark.MALLOC, "mru-ff").contains("first-fit", "buddy", "segregated", "tlsf");
    }

    @Test
    void variantsAddTheOtherWordsOfAChoiceButNotNumbers() {
        List<String> full = RegistryParams.strategies(BUILT_IN, true);
        assertThat(full).contains("first-fit", "first-fit:order=lifo", "best-fit:order=lifo")
                .doesNotContain("first-fit:order=address").noneMatch(s -> s.startsWith("mru-ff:"));
        assertThat(RegistryParams.strategies(BUILT_IN, false)).noneMatch(s -> s.contains(":"));
        boolean smoke = true;
        assertThat(BenchmarkSuite.strategies(BUILT_IN, !smoke).get(VariableSizeAllocatorBenchmark.class))
                .contains("first-fit:order=lifo");
        assertThat(BenchmarkSuite.strategies(BUILT_IN, smoke).get(VariableSizeAllocatorBenchmark.class))
                .doesNotContain("first-fit:order=lifo");
    }

    /** A strategy a benchmark's setup does not suit is left out of it; one that breaks otherwise fails the suite. */
    @Test
    void aNewStrategyIsMeasuredWhereItsSetupFits() {
        Plugins plugins = new Plugins(Registry.of("allocator", List.of(new VariedOnly(), BUILT_IN.allocators()
                .find("first-fit"))), BUILT_IN.policies(), BUILT_IN.workloads());
        assertThat(RegistryParams.fixedSizeStrategies(plugins, false)).containsExactly("first-fit", "malloc");
        assertThat(RegistryParams.variableSizeStrategies(plugins, false))
                .containsExactly("first-fit", "varied-only", "malloc");
    }

    @Test
    void everyPolicyRunsWithItsRequiredOptionsAndOnceMoreForItsCurve() {
        List<String> policies = RegistryParams.policies(BUILT_IN);
        assertThat(policies.getFirst()).isEqualTo(PolicyThroughputBenchmark.BASELINE);
        assertThat(policies).contains("lru:frames=1024", "lru:frames=all", "opt:frames=all", "fifo:frames=1024",
                "ws:theta=10000", "ws:theta=all", "vmin:theta=all", "pff:threshold=1000",
                "wsclock:frames=1024,theta=10000").doesNotContain("fifo:frames=all").doesNotHaveDuplicates();
        assertThat(BenchmarkSuite.policies(BUILT_IN, true))
                .contains(PolicyThroughputBenchmark.BASELINE, "lru:frames=1024").doesNotContain("lru:frames=all")
                .hasSize(BUILT_IN.policies().all().size() + 1);
        for (String spec : policies.subList(1, policies.size())) {
            assertThat(BUILT_IN.simulator(io.heaplab.core.spi.Spec.parse(spec))).as(spec).isNotNull();
        }
    }

    @Test
    void aPolicyWithARequiredOptionTheBenchmarkCannotFillFailsTheSuite() {
        Plugins plugins = new Plugins(BUILT_IN.allocators(), Registry.of("policy", List.of(new NeedsColour())),
                BUILT_IN.workloads());
        assertThatThrownBy(() -> RegistryParams.policies(plugins)).isInstanceOf(IllegalStateException.class)
                .hasMessage("policy colour: option 'colour' is required and the benchmark has no value for it"
                        + " (expected: one of " + String.join(", ", RegistryParams.POLICY_VALUES.keySet()) + ")");
    }

    /** A strategy for varied sizes only, as a plugin might be: a setup of one block size is not its kind. */
    static final class VariedOnly implements AllocatorProvider {
        @Override
        public String name() {
            return "varied-only";
        }

        @Override
        public String description() {
            return "first fit for blocks of any size only (Knuth 1968)";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            if (setup.isFixedSize()) {
                throw new SpecException("varied-only: blocks of one size (expected: varied sizes)");
            }
            AllocatorProvider firstFit = BUILT_IN.allocators().find("first-fit");
            return firstFit.create(Options.bind(firstFit, io.heaplab.core.spi.Spec.parse("first-fit")), setup);
        }
    }

    /** A policy with a required option no benchmark value exists for. */
    static final class NeedsColour implements ReplacementPolicyProvider {
        @Override
        public String name() {
            return "colour";
        }

        @Override
        public String description() {
            return "pages by colour (Nobody 2000)";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.required("colour", OptionType.STRING, "a colour"));
        }

        @Override
        public PagingSimulator create(Options options) {
            throw new UnsupportedOperationException("never made");
        }
    }
}
