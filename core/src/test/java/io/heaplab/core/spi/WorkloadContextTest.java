package io.heaplab.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadContextTest {

    /** Blocks of 16-byte cells in address order with an 8-byte header; rejects past 64 bytes; one search each. */
    private static final class Cells implements Allocator {
        long top;
        long held;
        long searches;

        @Override
        public long allocate(long size) {
            searches++;
            long bytes = (size + 8 + 15) / 16 * 16;
            if (top + bytes > 64) {
                return NO_FIT;
            }
            long address = top + 8;
            top += bytes;
            held += bytes;
            return address;
        }

        @Override
        public void free(long address, long size) {
            held -= (size + 8 + 15) / 16 * 16;
        }

        @Override
        public long searches() {
            return searches;
        }

        @Override
        public long heldBytes() {
            return held;
        }
    }

    private static WorkloadContext context(Allocator allocator) {
        Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        return new WorkloadContext(heap.data(), allocator, 1);
    }

    @Test
    void splitsTheFootprintIntoRequestedHeldAndFreeAtEveryRequest() {
        WorkloadContext context = context(new Cells());
        long a = context.allocate(8);    // block [0,16), data [8,16): footprint 16, held 16, requested 8
        context.allocate(20);            // block [16,48), data [24,44): footprint 44, held 48, requested 28
        context.free(a, 8);
        context.allocate(40);            // rejected: footprint 44, held 32, requested 20

        SpaceMeasures space = context.space();
        assertThat(space.searches()).isEqualTo(3);
        assertThat(space.peakFootprint()).isEqualTo(44);
        double footprints = 16 + 44 + 44;
        assertThat(space.internalFragmentation()).isCloseTo((8 + 20 + 12) / footprints, within(1e-12));
        // held (48) overshoots the footprint (44) by the last block's rounding: nothing counts as external there
        assertThat(space.externalFragmentation()).isCloseTo((0 + 0 + 12) / footprints, within(1e-12));
        assertThat(space.meanSearches(context.allocations() + context.rejections())).isEqualTo(1.0);
    }

    @Test
    void leavesFragmentationUnknownWhenTheStrategyKeepsNoCount() {
        Allocator counting = new Cells();
        WorkloadContext context = context(new Allocator() {
            @Override
            public long allocate(long size) {
                return counting.allocate(size);
            }

            @Override
            public void free(long address, long size) {
            }
        });
        context.allocate(8);
        SpaceMeasures space = context.space();
        assertThat(space.searches()).isEqualTo(-1);
        assertThat(space.peakFootprint()).isEqualTo(16);
        assertThat(space.internalFragmentation()).isNaN();
        assertThat(space.meanSearches(1)).isNaN();
    }

    /** Blocks at the break, never reused: the heap is every byte ever asked for. */
    private static final class Break implements Allocator {
        private final Heap heap;

        Break(Heap heap) {
            this.heap = heap;
        }

        @Override
        public long allocate(long size) {
            return heap.grow(size);
        }

        @Override
        public void free(long address, long size) {
        }
    }

    @Test
    void givesJohnstoneAndWilsonsFourMeasuresFromTheHeapAndTheLiveBytesAtEveryRequest() {
        Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        WorkloadContext context = new WorkloadContext(heap.data(), new Break(heap), 1);
        assertThat(context.fragmentation()).isEqualTo(Fragmentation.NONE);
        long a = context.allocate(100);  // heap 100, live 100
        context.allocate(50);            // heap 150, live 150: the peak of live bytes
        context.sample();
        context.free(a, 100);            // heap 150, live 50
        context.allocate(30);            // heap 180, live 80: the peak of the heap
        context.sample();

        Fragmentation f = context.fragmentation();
        assertThat(f.averagedOverTime()).isCloseTo((1 + 1 + 3 + 2.25) / 4 - 1, within(1e-12));
        assertThat(f.atPeakLive()).isCloseTo(0, within(1e-12));
        assertThat(f.atPeakHeap()).isCloseTo(180.0 / 80 - 1, within(1e-12));
        assertThat(f.peakOverPeak()).isCloseTo(180.0 / 150 - 1, within(1e-12));
        assertThat(f.averagedNearPeak()).as("unknown: the workload did not say its peak").isNaN();

        Timeline timeline = context.timeline();
        assertThat(timeline.requests()).containsExactly(2, 4);
        assertThat(timeline.liveBytes()).containsExactly(150, 80);
        assertThat(timeline.heapBytes()).containsExactly(150, 180);
        assertThat(timeline.heldBytes()).containsExactly(-1, -1);
        assertThat(timeline.nanos()[1]).isGreaterThanOrEqualTo(timeline.nanos()[0]);
    }

    /**
     * A heap that fills and empties: measure 1 over every request weighs the ramp and the drain, where little is
     * live; near the peak it averages over the requests with at least half the declared peak live.
     */
    @Test
    void measureOneNearThePeakLeavesOutTheRequestsWithLessThanHalfThePeakLive() {
        Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        WorkloadContext context = new WorkloadContext(heap.data(), new Break(heap), 1);
        context.expectPeakLiveBytes(400);   // half: 200
        long a = context.allocate(100);     // heap 100, live 100: below half
        long b = context.allocate(100);     // heap 200, live 200: counted, 1
        long c = context.allocate(200);     // heap 400, live 400: counted, 1
        context.free(c, 200);               // heap 400, live 200: counted, 2
        context.free(b, 100);               // heap 400, live 100: below half
        context.free(a, 100);               // live 0: not counted by either
        Fragmentation f = context.fragmentation();
        assertThat(f.averagedOverTime()).isCloseTo((1 + 1 + 1 + 2 + 4) / 5.0 - 1, within(1e-12));
        assertThat(f.averagedNearPeak()).isCloseTo((1 + 1 + 2) / 3.0 - 1, within(1e-12));
        assertThat(f.peakOverPeak()).isCloseTo(0, within(1e-12));
        assertThatThrownBy(() -> context.expectPeakLiveBytes(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void reallocateMovesTheBlockCopyingItsBytesAndCountsTheLiveBytesOnceByTheDifference() {
        Heap heap = new Heap(64, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        WorkloadContext context = new WorkloadContext(heap.data(), new Break(heap), 1);
        long a = context.allocate(100);
        long workloadReferences = heap.data().references();
        long b = context.reallocate(a, 100, 300);
        assertThat(b).isEqualTo(100);
        // 100 bytes read from [0, 100), pages 0-1, and written into [100, 200), pages 1-3: a reference a page
        assertThat(heap.data().references() - workloadReferences).isEqualTo(2 + 3);
        assertThat(context.peakLiveBytes()).as("never 100 + 300 at once").isEqualTo(300);
        assertThat(context.allocations()).isEqualTo(2);
        assertThat(context.frees()).isEqualTo(1);
        long c = context.allocate(10, 54);  // room to align inside: only 10 bytes live
        assertThat(c).isEqualTo(400);
        assertThat(context.peakLiveBytes()).isEqualTo(310);
        context.free(c, 10, 54);
        context.free(b, 300);
        assertThat(context.fragmentation().peakLiveBytes()).isEqualTo(310);
    }
}
