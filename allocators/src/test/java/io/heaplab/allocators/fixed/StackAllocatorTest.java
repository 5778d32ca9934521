package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

class StackAllocatorTest extends FixedSizeAllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new StackAllocator(setup);
    }

    @Test
    void lastFreedIsFirstAllocated() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            long a = stack.allocate(8);
            long b = stack.allocate(8);
            stack.allocate(8);
            stack.free(a, 8);
            stack.free(b, 8);
            assertThat(stack.allocate(8)).isEqualTo(b);
            assertThat(stack.allocate(8)).isEqualTo(a);
            stack.verify();
        }
    }

    @Test
    void aFreshPageHandsOutAscendingAddresses() {
        // c = 10 blocks of 6 bytes, 4 bytes of tail
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 6));
            for (int slot = 0; slot < 10; slot++) {
                assertThat(stack.allocate(6)).isEqualTo(slot * 6L);
            }
            assertThat(stack.allocate(6)).isEqualTo(64);
            assertThat(stack.allocate(6)).isEqualTo(70);
        }
    }

    @Test
    void keepsItsLinksInTheHeapAsAllocatorReferences() {
        int c = 64 / 8;
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, true)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            long a = stack.allocate(8); // c link writes for the new page, then one read of the head's link
            assertThat(heap.bookkeeping().references()).isEqualTo(c + 1);
            stack.free(a, 8); // one link write
            assertThat(heap.bookkeeping().references()).isEqualTo(c + 2);
            assertThat(recorder.references()).isEqualTo(c + 2);
            assertThat(heap.data().references()).isZero();
        }
    }

    @Test
    void allocatorReferencesStayOutOfTheRecordUnlessCounted() {
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            stack.free(stack.allocate(8), 8);
            assertThat(heap.bookkeeping().references()).isPositive();
            assertThat(recorder.references()).isZero();
        }
    }

    @Test
    void fourByteBlocksHoldTheirLinks() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 4));
            long[] blocks = new long[40];
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = stack.allocate(4);
                assertThat(blocks[i]).isEqualTo(i * 4L);
            }
            for (long block : blocks) {
                stack.free(block, 4);
            }
            stack.verify();
            for (int i = blocks.length - 1; i >= 0; i--) {
                assertThat(stack.allocate(4)).isEqualTo(blocks[i]);
            }
        }
    }

    @Test
    void verifyFindsABlockFreedTwice() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            long a = stack.allocate(8);
            stack.free(a, 8);
            stack.free(a, 8);
            assertThatThrownBy(stack::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cycle through block 0");
        }
    }

    @Test
    void verifyFindsALinkOutsideTheHeap() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            long a = stack.allocate(8);
            stack.free(a, 8);
            heap.data().setInt(a, 1_000); // a workload writing into a block it gave back
            assertThatThrownBy(stack::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("link 1000 in block 0 is outside the heap");
        }
    }

    @Test
    void verifyFindsALostBlock() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 8));
            long a = stack.allocate(8);
            stack.free(a, 8);
            heap.data().setInt(a, -1); // cuts the rest of the list off
            assertThatThrownBy(stack::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("1 free blocks + 0 handed out != 8 blocks");
        }
    }

    @Test
    void freeingSomethingThatIsNotABlockFails() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator stack = create(new AllocatorSetup(heap, 24));
            long a = stack.allocate(24);
            assertThatThrownBy(() -> stack.free(a + 1, 24)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("stack: address 1 (expected: the start of a block this allocator handed out)");
            assertThatThrownBy(() -> stack.free(48, 24)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> stack.free(64, 24)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> stack.free(a, 16)).isInstanceOf(IllegalArgumentException.class);
            stack.verify();
        }
    }

    @Test
    void theMessageForABadBlockSizeNamesStack() {
        try (Heap heap = newHeap(4096, Heap.GROWABLE)) {
            assertThatThrownBy(() -> create(new AllocatorSetup(heap, 2)))
                    .hasMessage("stack: blockSize 2 (expected: 4 .. 4096 bytes, room for a free-list link and at"
                            + " most the page size)");
        }
    }

    @Test
    void isFoundByItsShortName() {
        AllocatorProvider provider = Plugins.load().allocators().find("stack");
        assertThat(provider).isInstanceOf(StackAllocatorProvider.class);
        assertThat(provider.options()).isEmpty();
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator allocator = provider.create(Options.bind(provider, Spec.parse("stack")),
                    new AllocatorSetup(heap, 6));
            assertThat(allocator).isInstanceOf(StackAllocator.class);
        }
    }
}
