package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Calls {@code System.exit(0)} when constructed, so a careless exit would look like success. */
@SpiVersion(SpiVersion.CURRENT)
public final class ExitingConstructorProvider extends TestAllocatorProvider {

    public ExitingConstructorProvider() {
        super("exiting-constructor", setup -> new Bump(setup.heap()));
        System.exit(0);
    }
}
