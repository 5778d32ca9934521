package io.heaplab.paging.slru;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code slru} policy: segmented LRU (Karedla, Love &amp; Wherry, IEEE Computer 1994). */
@SpiVersion(SpiVersion.CURRENT)
public final class SlruProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String PROTECTED = "protected";
    static final String VARIANT = "variant";
    static final String SEGMENTS = "segments";
    static final String PAPER = "paper";
    static final String LIBCACHESIM = "libcachesim";

    @Override
    public String name() {
        return "slru";
    }

    @Override
    public String description() {
        return "segmented LRU (Karedla, Love & Wherry 1994): a hit in the probationary segment protects a page";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(PROTECTED, OptionType.DOUBLE, 0, 0.99, "0.8",
                        "share of the frames for the protected segment (the paper's variant)"),
                Option.choice(VARIANT, List.of(PAPER, LIBCACHESIM), PAPER, "paper: two segments;"
                        + " libcachesim: libCacheSim's SLRU.c, equal segments, a new page in the lowest with room"),
                Option.range(SEGMENTS, OptionType.INT, 1, 64, "4",
                        "equal segments of variant=libcachesim (its n-seg); frames must be a multiple"));
    }

    @Override
    public PagingSimulator create(Options options) {
        int frames = options.getInt(FRAMES);
        if (options.getString(VARIANT).equals(LIBCACHESIM)) {
            int segments = options.getInt(SEGMENTS);
            if (frames % segments != 0) {
                throw new SpecException("slru: frames=" + frames + " (expected: a multiple of segments=" + segments
                        + " with variant=libcachesim)");
            }
            return Slru.libCacheSim(frames, segments);
        }
        return new Slru(frames, options.getDouble(PROTECTED));
    }
}
