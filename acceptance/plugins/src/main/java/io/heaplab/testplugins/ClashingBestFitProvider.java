package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Takes the name of a built-in strategy. */
@SpiVersion(SpiVersion.CURRENT)
public final class ClashingBestFitProvider extends TestAllocatorProvider {

    public ClashingBestFitProvider() {
        super("best-fit", setup -> new Bump(setup.heap()));
    }
}
