package io.heaplab.paging.twoq;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code 2q} policy: full 2Q (Johnson &amp; Shasha, VLDB 1994). */
@SpiVersion(SpiVersion.CURRENT)
public final class TwoQProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String KIN = "kin";
    static final String KOUT = "kout";

    @Override
    public String name() {
        return "2q";
    }

    @Override
    public String description() {
        return "full 2Q (Johnson & Shasha, VLDB 1994): a FIFO for new pages, its ghosts, an LRU for pages seen again";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(KIN, OptionType.DOUBLE, 0, 1, "0.25", "share of the frames for A1in (Kin)"),
                Option.range(KOUT, OptionType.DOUBLE, 0, 16, "0.5",
                        "ids remembered in A1out (Kout), as a share of the frames"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new TwoQ(options.getInt(FRAMES), options.getDouble(KIN), options.getDouble(KOUT));
    }
}
