package io.heaplab.paging.linux;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code twolist} policy: Linux's active/inactive lists (mm/vmscan.c; Gorman 2004). */
@SpiVersion(SpiVersion.CURRENT)
public final class TwoListProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String RATIO = "ratio";
    static final String CORRELATION = "correlation";

    @Override
    public String name() {
        return "twolist";
    }

    @Override
    public String description() {
        return "Linux active/inactive two-list replacement (mm/vmscan.c, Gorman 2004): referenced flags, "
                + "promotion on a second use";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.of(RATIO, OptionType.POSITIVE_INT, "1", "the active list may be at most ratio x inactive"),
                Option.of(CORRELATION, OptionType.NON_NEGATIVE_LONG, "1", "a reference within this many"
                        + " references of the previous one to its page sets no flag: 1 makes a run of consecutive"
                        + " references one use; 0 counts every reference"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new TwoList(options.getInt(FRAMES), options.getInt(RATIO), options.getLong(CORRELATION));
    }
}
