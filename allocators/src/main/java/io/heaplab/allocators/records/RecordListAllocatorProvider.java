package io.heaplab.allocators.records;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;
import java.util.Locale;

/** Provides {@code record-fit}, the course report's allocator: lists of block records, no coalescing (C. Zhang). */
@SpiVersion(SpiVersion.CURRENT)
public final class RecordListAllocatorProvider implements AllocatorProvider {

    /** The short name in specs. */
    public static final String NAME = "record-fit";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "blocks of any size: a list of free block records searched from the front for first, best or worst"
                + " fit, the remainder of a split recorded as a new free block, new memory at the break when"
                + " nothing fits, no coalescing unless asked (C. Zhang, Segmented Memory Allocator, RMIT report)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.choice("fit", List.of("first", "best", "worst"), "first", "which free block a request takes"),
                Option.choice("order", List.of(RecordOrder.INSERTION.word(), RecordOrder.ADDRESS.word()),
                        RecordOrder.INSERTION.word(), "the free list's order: insertion (the report's: freed blocks"
                                + " and remainders at the back) or address (sorted, Johnstone & Wilson)"),
                Option.of("coalesce", OptionType.BOOLEAN, "false",
                        "whether a freed block merges with its free neighbours (the report's proposed enhancement)"),
                Option.of("align", OptionType.POSITIVE_INT, "1",
                        "every size is rounded up to this many bytes, a power of 2 up to 4096 (the report: 1)"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        Fit fit = Fit.valueOf(options.getString("fit").toUpperCase(Locale.ROOT));
        int align = options.getInt("align");
        try {
            RecordListAllocator.checkAlign(align);
        } catch (IllegalArgumentException e) {
            throw new SpecException(e.getMessage());
        }
        return new RecordListAllocator(setup, fit, RecordOrder.parse(options.getString("order")),
                options.getBoolean("coalesce"), align);
    }
}
