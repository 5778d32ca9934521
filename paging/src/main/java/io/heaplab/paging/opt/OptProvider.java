package io.heaplab.paging.opt;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code opt} policy: Belady's MIN (Belady 1966), at one memory size or at all of them by the OPT stack. */
@SpiVersion(SpiVersion.CURRENT)
public final class OptProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String VARIANT = "variant";
    static final String PAPER = "paper";
    static final String CAFFEINE = "caffeine";

    @Override
    public String name() {
        return "opt";
    }

    @Override
    public String description() {
        return "optimal replacement MIN, evicting the page used farthest ahead (Belady 1966); buffers the trace; "
                + "frames=all gives the whole curve in one pass by the OPT stack (Mattson et al. 1970)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT_OR_ALL,
                "page frames of main memory, or 'all' for faults at every size"),
                Option.choice(VARIANT, List.of(PAPER, CAFFEINE), PAPER, "paper: Belady's MIN, demand paging;"
                        + " caffeine: Caffeine's Clairvoyant, where a page used farther ahead than every resident one"
                        + " is not loaded (one size only)"));
    }

    @Override
    public PagingSimulator create(Options options) {
        boolean caffeine = options.getString(VARIANT).equals(CAFFEINE);
        if (options.isAll(FRAMES)) {
            if (caffeine) {
                throw new SpecException("opt: frames=all (expected: a positive integer with variant=caffeine, whose"
                        + " choices are not a stack)");
            }
            return new OptStack();
        }
        return new Opt(options.getInt(FRAMES), caffeine);
    }
}
