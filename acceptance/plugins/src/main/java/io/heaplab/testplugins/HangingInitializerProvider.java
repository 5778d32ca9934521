package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Never finishes its static initializer, so loading its jar would wait forever. */
@SpiVersion(SpiVersion.CURRENT)
public final class HangingInitializerProvider extends TestAllocatorProvider {

    static {
        Forever.waitForever();
    }

    public HangingInitializerProvider() {
        super("hanging-initializer", setup -> new Bump(setup.heap()));
    }
}
