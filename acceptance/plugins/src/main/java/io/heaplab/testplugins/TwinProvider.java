package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Takes the name of {@link BumpProvider}: two plugins, one name. */
@SpiVersion(SpiVersion.CURRENT)
public final class TwinProvider extends TestAllocatorProvider {

    public TwinProvider() {
        super("bump", setup -> new Bump(setup.heap()));
    }
}
