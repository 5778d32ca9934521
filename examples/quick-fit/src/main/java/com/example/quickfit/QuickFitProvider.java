package com.example.quickfit;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code quick-fit}, Weinstock and Wulf's quick fit (1988), to heaplab as a plugin. */
@SpiVersion(SpiVersion.CURRENT)
public final class QuickFitProvider implements AllocatorProvider {

    @Override
    public String name() {
        return "quick-fit";
    }

    @Override
    public String description() {
        return "exact-size LIFO lists for small sizes, first fit for the rest (Weinstock & Wulf 1988; an example plugin)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.of("quick", OptionType.POSITIVE_INT, "32",
                "the largest size, in 16-byte granules, with a list of its own"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new QuickFit(setup.heap(), options.getInt("quick"));
    }
}
