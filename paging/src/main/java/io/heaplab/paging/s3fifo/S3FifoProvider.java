package io.heaplab.paging.s3fifo;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code s3fifo} policy: S3-FIFO (Yang et al., SOSP 2023). */
@SpiVersion(SpiVersion.CURRENT)
public final class S3FifoProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String SMALL = "small";
    static final String VARIANT = "variant";

    @Override
    public String name() {
        return "s3fifo";
    }

    @Override
    public String description() {
        return "S3-FIFO (Yang et al., SOSP 2023): a small FIFO filters new pages, a main FIFO reinserts used ones,"
                + " a ghost FIFO admits returning pages straight to main";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(SMALL, OptionType.DOUBLE, 0, 1, "0.1", "the small FIFO's share of the frames (at"
                        + " least one frame)"),
                Option.choice(VARIANT, java.util.Arrays.stream(S3Fifo.Variant.values()).map(S3Fifo.Variant::word)
                        .toList(), S3Fifo.Variant.PAPER.word(), "paper: the SOSP paper's Algorithm 1; libcachesim:"
                        + " as libCacheSim's S3FIFO.c (eviction order, queue sizes); caffeine: the paper's with the"
                        + " queue sizes of Caffeine's simulator (S and G truncated)"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new S3Fifo(options.getInt(FRAMES), options.getDouble(SMALL),
                S3Fifo.Variant.of(options.getString(VARIANT)));
    }
}
