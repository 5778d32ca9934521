package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Never returns from its 100th request, deaf to interrupts: a plugin stuck in a loop. */
@SpiVersion(SpiVersion.CURRENT)
public final class HangingProvider extends TestAllocatorProvider {

    public HangingProvider() {
        super("hanging", setup -> new Bump(setup.heap()) {
            private int requests;

            @Override
            public long allocate(long size) {
                if (++requests == 100) {
                    Forever.waitForever();
                }
                return super.allocate(size);
            }
        });
    }
}
