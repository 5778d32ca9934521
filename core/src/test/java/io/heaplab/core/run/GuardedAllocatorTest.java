package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuardedAllocatorTest {

    /** Answers whatever address it is told next. */
    private static final class Scripted implements Allocator {
        long next;

        @Override
        public long allocate(long size) {
            return next;
        }

        @Override
        public void free(long address, long size) {
        }
    }

    private static Heap heap(long bytes) {
        Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        heap.grow(bytes);
        return heap;
    }

    @Test
    void blocksApartInsideTheHeapPassAndAFreedBlockMayBeHandedOutAgain() {
        try (Heap heap = heap(100)) {
            Scripted inner = new Scripted();
            GuardedAllocator guarded = new GuardedAllocator(inner, heap, "x");
            inner.next = 0;
            assertThat(guarded.allocate(50)).isZero();
            inner.next = 50;
            assertThat(guarded.allocate(50)).isEqualTo(50);
            guarded.free(0, 50);
            inner.next = 10;
            assertThat(guarded.allocate(40)).as("inside the freed block, touching no live byte").isEqualTo(10);
            inner.next = Allocator.NO_FIT;
            assertThat(guarded.allocate(1000)).isEqualTo(Allocator.NO_FIT);
        }
    }

    @Test
    void aBlockOverALiveByteFailsNamingTheByte() {
        try (Heap heap = heap(100)) {
            Scripted inner = new Scripted();
            GuardedAllocator guarded = new GuardedAllocator(inner, heap, "plugin p.jar: allocator 'a'");
            inner.next = 40;
            guarded.allocate(20);
            inner.next = 21;
            assertThatThrownBy(() -> guarded.allocate(20)).isInstanceOf(PluginFailure.class)
                    .hasMessage("plugin p.jar: allocator 'a' returned the block [21, 41) for 20 bytes at request 2, "
                            + "over byte 40 of a live block (expected: a block apart from every live one)");
            inner.next = 59;
            assertThatThrownBy(() -> guarded.allocate(2)).hasMessageContaining("over byte 59");
        }
    }

    @Test
    void aBlockPastTheBreakOrBelowZeroFails() {
        try (Heap heap = heap(100)) {
            Scripted inner = new Scripted();
            GuardedAllocator guarded = new GuardedAllocator(inner, heap, "a");
            inner.next = 90;
            assertThatThrownBy(() -> guarded.allocate(11)).hasMessageContaining("[90, 101)")
                    .hasMessageContaining("outside the heap [0, 100)");
            inner.next = -8;
            assertThatThrownBy(() -> guarded.allocate(8)).hasMessageContaining("outside the heap");
            inner.next = 90;
            assertThat(guarded.allocate(10)).isEqualTo(90);
        }
    }
}
