package io.heaplab.benchmarks;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * The strategy and policy specs the benchmarks run, drawn from the plugin registry so that a new strategy or
 * policy is measured without anyone editing a {@code @Param} list.
 *
 * <p>A strategy is taken by a benchmark when its provider makes one for that benchmark's setup: every block size
 * of {@link FixedSizeAllocatorBenchmark}, {@link AllocatorSetup#VARIED} sizes for
 * {@link VariableSizeAllocatorBenchmark}, and for {@link PurdomWorkloadBenchmark} the benchmark's own runs of
 * Purdom's bounded workload, which must complete. A setup a strategy cannot serve is a {@link SpecException} and leaves it out;
 * any other failure is a broken strategy and fails the suite. With variants, each word of a choice option other
 * than its default adds a spec ({@code first-fit:order=lifo}); the smoke pass runs the bare names only.
 */
final class RegistryParams {

    /** Values for the policies' required options: a memory and a window of the sizes the strings reach. */
    static final Map<String, String> POLICY_VALUES = Map.of("frames", "1024", "theta", "10000", "threshold", "1000");

    private RegistryParams() {
    }

    /** The specs of {@link FixedSizeAllocatorBenchmark}: every strategy that takes each of its block sizes. */
    static List<String> fixedSizeStrategies(Plugins plugins, boolean variants) {
        List<String> specs = new ArrayList<>();
        for (String spec : strategies(plugins, variants)) {
            if (makes(plugins, spec, 16) && makes(plugins, spec, 200)) {
                specs.add(spec);
            }
        }
        specs.add(AllocatorBenchmark.MALLOC);
        return specs;
    }

    /** The specs of {@link VariableSizeAllocatorBenchmark}: every strategy for blocks of any size. */
    static List<String> variableSizeStrategies(Plugins plugins, boolean variants) {
        List<String> specs = new ArrayList<>();
        for (String spec : strategies(plugins, variants)) {
            if (makes(plugins, spec, AllocatorSetup.VARIED)) {
                specs.add(spec);
            }
        }
        specs.add(AllocatorBenchmark.MALLOC);
        return specs;
    }

    /** The specs of {@link PurdomWorkloadBenchmark}: every strategy for blocks of any size that runs the workload. */
    static List<String> purdomStrategies(Plugins plugins, boolean variants) {
        Runner runner = new Runner(plugins);
        List<String> specs = new ArrayList<>();
        for (String spec : strategies(plugins, variants)) {
            if (!makes(plugins, spec, AllocatorSetup.VARIED)) {
                continue;
            }
            try {
                // the benchmark's own runs, a few milliseconds each: Purdom's cells and 8-byte header suit only
                // strategies that fit their blocks to them (mru-ff's size classes do not, and are told apart here)
                for (String load : PurdomWorkloadBenchmark.LOADS) {
                    runner.run(PurdomWorkloadBenchmark.spec(load, spec));
                }
                specs.add(spec);
            } catch (RuntimeException e) {
                // a workload this strategy does not serve; its own tests and the other benchmarks judge it
            }
        }
        return specs;
    }

    /**
     * The specs of {@link PolicyThroughputBenchmark}: the baseline, then every policy with its required options
     * from {@link #POLICY_VALUES}, and once more with {@code all} for an option that gives the whole curve.
     */
    static List<String> policies(Plugins plugins) {
        List<String> specs = new ArrayList<>();
        specs.add(PolicyThroughputBenchmark.BASELINE);
        for (ReplacementPolicyProvider policy : plugins.policies().all()) {
            SequencedMap<String, String> values = new LinkedHashMap<>();
            String curve = null;
            for (Option option : policy.options()) {
                if (!option.isRequired()) {
                    continue;
                }
                String value = POLICY_VALUES.get(option.name());
                if (value == null) {
                    throw new IllegalStateException("policy " + policy.name() + ": option '" + option.name()
                            + "' is required and the benchmark has no value for it (expected: one of "
                            + String.join(", ", POLICY_VALUES.keySet()) + ")");
                }
                values.put(option.name(), value);
                if (option.type() == OptionType.POSITIVE_INT_OR_ALL || option.type() == OptionType.POSITIVE_LONG_OR_ALL) {
                    curve = option.name();
                }
            }
            specs.add(new Spec(policy.name(), values).toString());
            if (curve != null) {
                values.put(curve, OptionType.ALL);
                specs.add(new Spec(policy.name(), values).toString());
            }
        }
        return specs;
    }

    /** Every allocator by name, and with variants each non-default word of its choice options, one at a time. */
    static List<String> strategies(Plugins plugins, boolean variants) {
        List<String> specs = new ArrayList<>();
        for (AllocatorProvider provider : plugins.allocators().all()) {
            specs.add(provider.name());
            if (variants) {
                for (Option option : provider.options()) {
                    if (option.allowed() instanceof Option.Choice choice && option.type() == OptionType.CHOICE) {
                        for (String word : choice.words()) {
                            if (!word.equals(option.defaultValue())) {
                                specs.add(provider.name() + ":" + option.name() + "=" + word);
                            }
                        }
                    }
                }
            }
        }
        return specs;
    }

    /** Whether {@code spec}'s provider makes a strategy for blocks of {@code blockSize} in a benchmark's heap. */
    private static boolean makes(Plugins plugins, String spec, long blockSize) {
        Spec parsed = Spec.parse(spec);
        AllocatorProvider provider = plugins.allocators().find(parsed.name());
        try (Heap heap = Heap.unrecorded(HeapChurn.PAGE_SIZE, Heap.GROWABLE)) {
            provider.create(Options.bind(provider, parsed), new AllocatorSetup(heap, blockSize));
            return true;
        } catch (SpecException e) {
            return false;
        }
    }
}
