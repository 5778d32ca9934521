package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Hands out a block over a live one. */
@SpiVersion(SpiVersion.CURRENT)
public final class OverlappingProvider extends TestAllocatorProvider {

    public OverlappingProvider() {
        super("overlapping", setup -> new Bump(setup.heap()) {
            @Override
            public long allocate(long size) {
                // the third block lands on the second
                long address = super.allocate(size);
                return address > 0 && heap.size() >= 3 * size && heap.size() < 4 * size ? address - size : address;
            }
        });
    }
}
