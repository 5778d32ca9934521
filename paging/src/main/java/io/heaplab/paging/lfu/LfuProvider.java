package io.heaplab.paging.lfu;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code lfu} policy: least frequently used, O(1) by frequency buckets (Shah, Mitra &amp; Matani 2010). */
@SpiVersion(SpiVersion.CURRENT)
public final class LfuProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "lfu";
    }

    @Override
    public String description() {
        return "LFU (O(1) buckets, Shah, Mitra & Matani 2010): evicts the fewest references while resident, then LRU";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Lfu(options.getInt(FRAMES));
    }
}
