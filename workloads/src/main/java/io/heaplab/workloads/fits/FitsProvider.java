package io.heaplab.workloads.fits;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.Arrays;
import java.util.List;

/** Provides {@code fits}, the course report's experiment on first, best and worst fit (C. Zhang, RMIT report). */
@SpiVersion(SpiVersion.CURRENT)
public final class FitsProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "fits";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the course report's experiment: free blocks of 5-34 bytes generated, then `load` allocations of an"
                + " int, a double or a word, then their deallocations (C. Zhang, RMIT COSC1114 report)";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.of("load", OptionType.POSITIVE_INT, "50000",
                        "allocations and deallocations (the report's high, medium and low loads: 50000, 20000, 7000)"),
                Option.choice("type", Arrays.stream(DataType.values()).map(DataType::word).toList(),
                        DataType.INT.word(), "what each block holds: int (4 bytes), double (8) or string (a word of"
                                + " SCOWL's list and its NUL, 3-16 bytes)"));
    }

    @Override
    public Workload create(Options options) {
        return new FitsWorkload(options.getInt("load"), DataType.parse(options.getString("type")));
    }
}
