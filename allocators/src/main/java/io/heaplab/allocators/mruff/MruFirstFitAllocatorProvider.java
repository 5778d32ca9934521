package io.heaplab.allocators.mruff;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** Provides {@code mru-ff}, Brent's MRU strategy for size classes below half a page with first fit above. */
@SpiVersion(SpiVersion.CURRENT)
public final class MruFirstFitAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "mru-ff";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: size classes up to half a page, each filling a current page chosen by the MRU"
                + " rule, and first fit over runs of whole pages above (Brent, MRU strategy paper, 1 and 4)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.choice("steps", OptionType.POSITIVE_INT, SizeClasses.STEPS,
                String.valueOf(MruFirstFitAllocator.DEFAULT_STEPS),
                "size classes per doubling of the block size (rounding wastes under 1/steps of a request)"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return new MruFirstFitAllocator(setup, options.getInt("steps"));
    }
}
