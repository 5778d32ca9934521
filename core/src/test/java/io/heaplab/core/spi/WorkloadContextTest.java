package io.heaplab.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
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
}
