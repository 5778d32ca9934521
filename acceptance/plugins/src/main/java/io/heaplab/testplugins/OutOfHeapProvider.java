package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Hands out a block past the end of the heap. */
@SpiVersion(SpiVersion.CURRENT)
public final class OutOfHeapProvider extends TestAllocatorProvider {

    public OutOfHeapProvider() {
        super("out-of-heap", setup -> new Bump(setup.heap()) {
            @Override
            public long allocate(long size) {
                // forgets to grow the heap for the fifth block
                return heap.size() >= 4 * size ? heap.size() : super.allocate(size);
            }
        });
    }
}
