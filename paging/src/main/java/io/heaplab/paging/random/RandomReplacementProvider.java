package io.heaplab.paging.random;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code random} policy: a uniformly drawn resident page leaves (Belady 1966), seeded. */
@SpiVersion(SpiVersion.CURRENT)
public final class RandomReplacementProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String SEED = "seed";

    @Override
    public String name() {
        return "random";
    }

    @Override
    public String description() {
        return "random replacement (Belady 1966): a resident page drawn uniformly leaves; same seed, same faults";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.of(SEED, OptionType.NON_NEGATIVE_LONG, "1", "seed of the victim draws"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new RandomReplacement(options.getInt(FRAMES), options.getLong(SEED));
    }
}
