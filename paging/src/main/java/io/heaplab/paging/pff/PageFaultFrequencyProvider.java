package io.heaplab.paging.pff;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code pff} policy: page-fault frequency (Chu &amp; Opderbeck 1972). */
@SpiVersion(SpiVersion.CURRENT)
public final class PageFaultFrequencyProvider implements ReplacementPolicyProvider {

    static final String THRESHOLD = "threshold";

    @Override
    public String name() {
        return "pff";
    }

    @Override
    public String description() {
        return "page-fault frequency (Chu & Opderbeck 1972): a fault more than threshold references after the "
                + "last one first drops the pages not referenced since it";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(THRESHOLD, OptionType.POSITIVE_LONG,
                "inter-fault time, in references, above which unused pages are dropped"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new PageFaultFrequency(options.getLong(THRESHOLD));
    }
}
