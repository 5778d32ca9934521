package io.heaplab.paging.clockpro;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code clock-pro} policy: CLOCK-Pro (Jiang, Chen &amp; Zhang, USENIX ATC 2005). */
@SpiVersion(SpiVersion.CURRENT)
public final class ClockProProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String COLD = "cold";
    static final String ADAPTIVE = "adaptive";

    @Override
    public String name() {
        return "clock-pro";
    }

    @Override
    public String description() {
        return "CLOCK-Pro (Jiang, Chen & Zhang 2005): LIRS by reference bits; hot and cold pages, non-resident test"
                + " pages and an adaptive share of memory for the cold ones, kept by three clock hands";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(COLD, OptionType.DOUBLE, 0, 1, "0.01",
                        "initial cold target m_c as a share of the frames (at least 1, at most frames - 1)"),
                Option.of(ADAPTIVE, OptionType.BOOLEAN, "true",
                        "whether m_c adapts: +1 when a cold page is referenced in its test period, -1 when the"
                                + " period ends without; false keeps it fixed"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new ClockPro(options.getInt(FRAMES), options.getDouble(COLD), options.getBoolean(ADAPTIVE));
    }
}
