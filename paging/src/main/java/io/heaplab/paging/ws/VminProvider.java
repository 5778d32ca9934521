package io.heaplab.paging.ws;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/**
 * The {@code vmin} policy: VMIN (Prieve &amp; Fabry 1976), at one window or at every one. Its window is called
 * {@code theta}, as the working set's, so that {@code ws} and {@code vmin} specs differ only in the name; it is
 * Prieve &amp; Fabry's {@code tau}.
 */
@SpiVersion(SpiVersion.CURRENT)
public final class VminProvider implements ReplacementPolicyProvider {

    static final String THETA = "theta";

    @Override
    public String name() {
        return "vmin";
    }

    @Override
    public String description() {
        return "VMIN, the optimal variable-space policy (Prieve & Fabry 1976): keeps a page only until a next "
                + "reference within theta; theta=all gives the curve at every window in one pass";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(THETA, OptionType.POSITIVE_LONG_OR_ALL,
                "window (Prieve & Fabry's tau) in references, or 'all' for the curve over a grid of windows"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return options.isAll(THETA) ? new VminCurve() : new Vmin(options.getLong(THETA));
    }
}
