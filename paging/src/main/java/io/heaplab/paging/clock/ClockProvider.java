package io.heaplab.paging.clock;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code clock} policy: CLOCK, or second chance (Corbató 1968). */
@SpiVersion(SpiVersion.CURRENT)
public final class ClockProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "clock";
    }

    @Override
    public String description() {
        return "CLOCK, or second chance (Corbató 1968): a hand clears use bits and replaces the first page unused";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Clock(options.getInt(FRAMES));
    }
}
