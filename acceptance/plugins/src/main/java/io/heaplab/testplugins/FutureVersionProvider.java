package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Built against an SPI version newer than this heaplab. */
@SpiVersion(SpiVersion.CURRENT + 1)
public final class FutureVersionProvider extends TestAllocatorProvider {

    public FutureVersionProvider() {
        super("future", setup -> new Bump(setup.heap()));
    }
}
