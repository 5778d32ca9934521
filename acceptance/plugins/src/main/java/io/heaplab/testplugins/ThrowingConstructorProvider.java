package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Throws while it is constructed. */
@SpiVersion(SpiVersion.CURRENT)
public final class ThrowingConstructorProvider extends TestAllocatorProvider {

    public ThrowingConstructorProvider() {
        super("unconstructible", setup -> new Bump(setup.heap()));
        throw new IllegalStateException("no licence file found");
    }
}
