package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Throws in the middle of a run. */
@SpiVersion(SpiVersion.CURRENT)
public final class ThrowingProvider extends TestAllocatorProvider {

    public ThrowingProvider() {
        super("throwing", setup -> new Bump(setup.heap()) {
            private int requests;

            @Override
            public long allocate(long size) {
                if (++requests == 100) {
                    throw new IllegalStateException("free list corrupted at request " + requests);
                }
                return super.allocate(size);
            }
        });
    }
}
