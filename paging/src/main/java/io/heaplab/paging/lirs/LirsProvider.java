package io.heaplab.paging.lirs;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code lirs} policy: LIRS (Jiang &amp; Zhang, SIGMETRICS 2002). */
@SpiVersion(SpiVersion.CURRENT)
public final class LirsProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String HIR = "hir";
    static final String STACK = "stack";
    static final String VARIANT = "variant";
    static final String PAPER = "paper";
    static final String LIBCACHESIM = "libcachesim";
    static final String CAFFEINE = "caffeine";

    @Override
    public String name() {
        return "lirs";
    }

    @Override
    public String description() {
        return "LIRS (Jiang & Zhang 2002): pages of low inter-reference recency stay, a small FIFO of the others is"
                + " evicted";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(HIR, OptionType.DOUBLE, 0, 0.99, "0.01",
                        "share of the frames for resident HIR pages (at least one frame)"),
                Option.range(STACK, OptionType.DOUBLE, 0, 1024, "0",
                        "non-resident entries kept in the stack S, as a multiple of the frames (0: unbounded;"
                                + " the paper's variant)"),
                Option.choice(VARIANT, List.of(PAPER, LIBCACHESIM, CAFFEINE), PAPER, "paper: the paper's rules;"
                        + " libcachesim: libCacheSim's LIRS.c (a hit in Q demotes an LIR page, S capped at twice"
                        + " the frames); caffeine: Caffeine's irr.Lirs (Lhirs rounded up, stack 2 unless given, a"
                        + " repeated reference leaves an HIR page HIR)"));
    }

    @Override
    public PagingSimulator create(Options options) {
        int frames = options.getInt(FRAMES);
        double hir = options.getDouble(HIR);
        if (options.getString(VARIANT).equals(LIBCACHESIM)) {
            if (options.getDouble(STACK) != 0) {
                throw new SpecException("lirs: stack=" + options.getDouble(STACK)
                        + " (expected: 0 with variant=libcachesim, whose S is capped at twice the frames)");
            }
            if (frames - Lirs.hirFrames(frames, hir) < 2) {
                throw new SpecException("lirs: frames=" + frames + " (expected: room for at least 2 LIR pages"
                        + " with variant=libcachesim)");
            }
            return Lirs.libCacheSim(frames, hir);
        }
        if (options.getString(VARIANT).equals(CAFFEINE)) {
            int hirFrames = Lirs.caffeineHirFrames(frames, hir);
            if (hirFrames < 1 || frames - hirFrames < 1) {
                throw new SpecException("lirs: frames=" + frames + ",hir=" + hir + " (expected: room for at least 1"
                        + " LIR page and 1 HIR page with variant=caffeine)");
            }
            return Lirs.caffeine(frames, hir, options.getDouble(STACK));
        }
        return new Lirs(frames, hir, options.getDouble(STACK));
    }
}
