package com.example.quickfit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.AllocatorContract;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Quick fit passes heaplab's allocator contract, and reuses and splits blocks as Weinstock and Wulf describe. */
class QuickFitTest extends AllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new QuickFit(setup.heap(), 4);
    }

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true);
    }

    @Test
    void aSmallSizeComesBackFromItsOwnListLastFreedFirst() {
        try (Heap heap = heap()) {
            QuickFit quickFit = new QuickFit(heap, 4);
            long a = quickFit.allocate(20);
            long b = quickFit.allocate(30);
            quickFit.free(a, 20);
            quickFit.free(b, 30);
            assertThat(quickFit.allocate(17)).isEqualTo(b);
            assertThat(quickFit.allocate(32)).isEqualTo(a);
            assertThat(quickFit.allocate(16)).as("a one-granule request has a list of its own").isEqualTo(64);
            assertThat(quickFit.heldBytes()).isEqualTo(80);
            quickFit.verify();
        }
    }

    @Test
    void aLargeBlockIsSplitAndItsRestGoesToTheListOfItsSize() {
        try (Heap heap = heap()) {
            QuickFit quickFit = new QuickFit(heap, 4);
            long large = quickFit.allocate(160);
            quickFit.free(large, 160);
            assertThat(quickFit.allocate(100)).as("first fit on the misc list, front part").isEqualTo(large);
            assertThat(quickFit.allocate(48)).as("the 48-byte rest, now on the 3-granule list").isEqualTo(large + 112);
            assertThat(heap.size()).isEqualTo(160);
            quickFit.verify();
        }
    }
}
