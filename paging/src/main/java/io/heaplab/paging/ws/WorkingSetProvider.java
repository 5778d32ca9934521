package io.heaplab.paging.ws;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code ws} policy: the working set (Denning 1968), at one window or at all (Denning &amp; Schwartz 1972). */
@SpiVersion(SpiVersion.CURRENT)
public final class WorkingSetProvider implements ReplacementPolicyProvider {

    static final String THETA = "theta";

    @Override
    public String name() {
        return "ws";
    }

    @Override
    public String description() {
        return "working set (Denning 1968); theta=all gives faults, write-backs and mean working-set size at every "
                + "window in one pass (Denning & Schwartz 1972)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(THETA, OptionType.POSITIVE_LONG_OR_ALL,
                "window in references, or 'all' for the curve over a grid of windows"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return options.isAll(THETA) ? new WorkingSetCurve() : new WorkingSet(options.getLong(THETA));
    }
}
