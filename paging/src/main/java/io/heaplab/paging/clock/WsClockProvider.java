package io.heaplab.paging.clock;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code wsclock} policy: WSCLOCK (Carr &amp; Hennessy 1981) for a single task. */
@SpiVersion(SpiVersion.CURRENT)
public final class WsClockProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String THETA = "theta";

    @Override
    public String name() {
        return "wsclock";
    }

    @Override
    public String description() {
        return "WSCLOCK (Carr & Hennessy 1981): the working-set rule applied by a CLOCK scan, one task";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.required(THETA, OptionType.POSITIVE_LONG, "working-set window, in references"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new WsClock(options.getInt(FRAMES), options.getLong(THETA));
    }
}
