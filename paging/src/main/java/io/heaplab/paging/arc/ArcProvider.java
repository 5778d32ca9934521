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
    static final String CORRELATION = "correlation";
    static final String VARIANT = "variant";
    static final String PAPER = "paper";
    static final String LIBCACHESIM = "libcachesim";

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
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.of(CORRELATION, OptionType.NON_NEGATIVE_LONG, "1", "a reference within this many"
                        + " references of the previous one to its page is correlated, not a second use: 1 makes a"
                        + " run of consecutive references one use; 0 counts every reference (the paper on a raw"
                        + " string)"),
                Option.choice(VARIANT, List.of(PAPER, LIBCACHESIM), PAPER, "paper: a whole adaptation and target;"
                        + " libcachesim: a real one, and T1 replaced when T2 is empty, as libCacheSim's ARC does"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Arc(options.getInt(FRAMES), options.getLong(CORRELATION),
                LIBCACHESIM.equals(options.getString(VARIANT)));
    }
}
