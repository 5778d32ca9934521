package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;

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

class NoFreeAllocatorTest extends FixedSizeAllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new NoFreeAllocator(setup);
    }

    @Override
    protected boolean reusesFreedBlocks() {
        return false;
    }

    @Test
    void carvesBlocksInAddressOrderSkippingEachPageTail() {
        // c = 2 blocks of 24 bytes, 16 bytes of tail
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator nofree = create(new AllocatorSetup(heap, 24));
            long a = nofree.allocate(24);
            nofree.free(a, 24);
            assertThat(a).isZero();
            assertThat(nofree.allocate(24)).isEqualTo(24);
            assertThat(nofree.allocate(24)).isEqualTo(64);
            assertThat(nofree.allocate(24)).isEqualTo(88);
            assertThat(nofree.allocate(24)).isEqualTo(128);
            nofree.verify();
        }
    }

    @Test
    void makesNoAllocatorReferences() {
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, true)) {
            Allocator nofree = create(new AllocatorSetup(heap, 8));
            for (int i = 0; i < 30; i++) {
                nofree.free(nofree.allocate(8), 8);
            }
            nofree.verify();
            assertThat(heap.bookkeeping().references()).isZero();
            assertThat(recorder.references()).isZero();
        }
    }

    @Test
    void isFoundByItsShortName() {
        AllocatorProvider provider = Plugins.load().allocators().find("nofree");
        assertThat(provider).isInstanceOf(NoFreeAllocatorProvider.class);
        assertThat(provider.options()).isEmpty();
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator allocator = provider.create(Options.bind(provider, Spec.parse("nofree")),
                    new AllocatorSetup(heap, 6));
            assertThat(allocator).isInstanceOf(NoFreeAllocator.class);
        }
    }
}
