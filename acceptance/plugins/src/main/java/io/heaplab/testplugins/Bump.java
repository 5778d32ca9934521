package io.heaplab.testplugins;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;

/** Hands out each block at the break and never reuses one: right, so a subclass can be wrong in one way. */
class Bump implements Allocator {

    final Heap heap;

    Bump(Heap heap) {
        this.heap = heap;
    }

    @Override
    public long allocate(long size) {
        long address = heap.grow(size);
        return address == Heap.NO_ROOM ? NO_FIT : address;
    }

    @Override
    public void free(long address, long size) {
    }
}
