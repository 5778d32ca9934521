package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Calls {@code System.exit(3)} in the middle of a run, as a plugin that gives up on the process might. */
@SpiVersion(SpiVersion.CURRENT)
public final class ExitingProvider extends TestAllocatorProvider {

    public ExitingProvider() {
        super("exiting", setup -> new Bump(setup.heap()) {
            private int requests;

            @Override
            public long allocate(long size) {
                if (++requests == 100) {
                    System.exit(3);
                }
                return super.allocate(size);
            }
        });
    }
}
