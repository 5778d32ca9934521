package io.heaplab.workloads.synthetic;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.List;

/** Provides {@code random-blocks}: blocks of one size freed and replaced at random around {@code live} blocks. */
@SpiVersion(SpiVersion.CURRENT)
public final class RandomBlocksProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "random-blocks";

    private static final List<Option> OPTIONS = List.of(
            Option.of("size", OptionType.POSITIVE_LONG, "16", "bytes per block"),
            Option.of("live", OptionType.POSITIVE_INT, "1000", "blocks live at equilibrium"),
            Option.of("steps", OptionType.POSITIVE_LONG, "100000", "free-then-allocate steps after the ramp-up"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of one size freed and replaced at random around an equilibrium of live blocks"
                + " (Brent, MRU strategy paper, 2.1)";
    }

    @Override
    public List<Option> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Options options) {
        return new RandomBlocksWorkload(options.getLong("size"), options.getInt("live"), options.getLong("steps"));
    }
}
