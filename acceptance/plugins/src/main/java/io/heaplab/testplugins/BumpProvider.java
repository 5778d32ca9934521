package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** A correct plugin: the bump allocator. */
@SpiVersion(SpiVersion.CURRENT)
public final class BumpProvider extends TestAllocatorProvider {

    public BumpProvider() {
        super("bump", setup -> new Bump(setup.heap()));
    }
}
