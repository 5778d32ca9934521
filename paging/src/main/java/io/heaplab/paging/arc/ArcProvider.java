package io.heaplab.paging.arc;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code arc} policy: the adaptive replacement cache (Megiddo &amp; Modha, FAST 2003). */
@SpiVersion(SpiVersion.CURRENT)
public final class ArcProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "arc";
    }

    @Override
    public String description() {
        return "ARC (Megiddo & Modha, FAST 2003): recency and frequency lists with ghosts and an adaptive target";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Arc(options.getInt(FRAMES));
    }
}
