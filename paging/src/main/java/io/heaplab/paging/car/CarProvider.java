package io.heaplab.paging.car;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code car} policy: Clock with Adaptive Replacement (Bansal &amp; Modha, FAST 2004). */
@SpiVersion(SpiVersion.CURRENT)
public final class CarProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";

    @Override
    public String name() {
        return "car";
    }

    @Override
    public String description() {
        return "CAR (Bansal & Modha, FAST 2004): two clocks with reference bits, ghost lists and ARC's adaptive target";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new Car(options.getInt(FRAMES));
    }
}
