package io.heaplab.paging.clock;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/**
 * The {@code clock} policy: CLOCK, or second chance (Corbató 1968), and with {@code bits=K} GCLOCK (Nicola, Dan &amp;
 * Dias 1992); {@code variant=libcachesim} loads a page with its counter at 0, as libCacheSim does;
 * {@code variant=caffeine} as Caffeine's simulator does, where a newcomer may evict itself.
 */
@SpiVersion(SpiVersion.CURRENT)
public final class ClockProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String BITS = "bits";
    static final String VARIANT = "variant";
    /** The paper's CLOCK: the faulting reference sets the bit, as hardware does. */
    static final String PAPER = "paper";
    /** libCacheSim's Clock: a page is loaded with its bit clear. */
    static final String LIBCACHESIM = "libcachesim";
    /** Caffeine's Clock: loaded at 0, behind the hand before it sweeps, so a newcomer may evict itself. */
    static final String CAFFEINE = "caffeine";

    @Override
    public String name() {
        return "clock";
    }

    @Override
    public String description() {
        return "CLOCK, or second chance (Corbató 1968): a hand clears use bits and replaces the first page unused";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(BITS, OptionType.POSITIVE_INT, 1, 16, "1", "bits of each frame's use counter: 1 is"
                        + " CLOCK, more is GCLOCK (every reference adds one, the hand takes one)"),
                Option.choice(VARIANT, List.of(PAPER, LIBCACHESIM, CAFFEINE), PAPER, "paper: the faulting"
                        + " reference counts, as hardware sets the bit; libcachesim: a page is loaded at 0, as"
                        + " libCacheSim's Clock does; caffeine: queued at 0 before the hand moves, so a newcomer"
                        + " evicts itself when every bit is set, as Caffeine's simulator does (bits=1)"));
    }

    @Override
    public PagingSimulator create(Options options) {
        String variant = options.getString(VARIANT);
        if (variant.equals(CAFFEINE)) {
            if (options.getInt(BITS) != 1) {
                throw new SpecException("clock: bits=" + options.getInt(BITS) + " (expected: 1 with"
                        + " variant=caffeine; Caffeine's Clock has one bit)");
            }
            return new CaffeineClock(options.getInt(FRAMES));
        }
        return new Clock(options.getInt(FRAMES), options.getInt(BITS), !LIBCACHESIM.equals(variant));
    }
}
