package io.heaplab.paging.fifo;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code fifo} policy: first in, first out (Belady 1966). */
@SpiVersion(SpiVersion.CURRENT)
public final class FifoProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "fifo";
    }

    @Override
    public String description() {
        return "FIFO replacement (Belady 1966): the page loaded longest ago leaves, however recently used";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Fifo(options.getInt(FRAMES));
    }
}
