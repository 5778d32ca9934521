package io.heaplab.paging.sieve;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code sieve} policy: SIEVE (Zhang et al., NSDI 2024). */
@SpiVersion(SpiVersion.CURRENT)
public final class SieveProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "sieve";
    }

    @Override
    public String description() {
        return "SIEVE (Zhang et al., NSDI 2024): a FIFO queue whose hand skips visited pages, clearing their bits,"
                + " and evicts the first unvisited one";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Sieve(options.getInt(FRAMES));
    }
}
