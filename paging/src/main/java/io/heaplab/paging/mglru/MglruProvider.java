package io.heaplab.paging.mglru;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code mglru} policy: Linux's multi-generational LRU (Zhao 2022; mm/vmscan.c, 6.1). */
@SpiVersion(SpiVersion.CURRENT)
public final class MglruProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String ACCESS = "access";
    static final String BATCH = "batch";
    static final String MAPPED = "mapped";
    static final String FILE = "file";
    /** The largest {@code batch}: far beyond any tier's refaults in a lab run, so it turns protection off. */
    static final int MAX_BATCH = 1 << 30;

    @Override
    public String name() {
        return "mglru";
    }

    @Override
    public String description() {
        return "Linux multi-gen LRU (Zhao 2022, mm/vmscan.c in 6.1): generations aged by accessed bits, eviction"
                + " from the oldest, tiers kept by refault feedback";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.choice(ACCESS, List.of(MAPPED, FILE), MAPPED, "mapped: every reference sets the page's"
                        + " accessed bit, as through page tables; file: every reference is a read through a file"
                        + " descriptor, counted in the page's tier"),
                Option.range(BATCH, OptionType.INT, 0, MAX_BATCH, String.valueOf(Mglru.MIN_LRU_BATCH),
                        "MIN_LRU_BATCH: refaults a tier needs before the controller may protect it (the kernel's"
                                + " is 64)"));
    }

    @Override
    public PagingSimulator create(Options options) {
        Mglru.Access access = options.getString(ACCESS).equals(FILE) ? Mglru.Access.FILE : Mglru.Access.MAPPED;
        return new Mglru(options.getInt(FRAMES), access, options.getInt(BATCH));
    }
}
