package io.heaplab.allocators.records;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.testkit.AllocatorContract;
import org.junit.jupiter.api.Nested;

/** The contract of every strategy, kept by the report's allocator in each of its variants. */
class RecordListContractTest {

    @Nested
    class FirstFitAsReported extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new RecordListAllocator(setup, Fit.FIRST, RecordOrder.INSERTION, false, 1);
        }

        @Override
        protected int alignment() {
            return 1;
        }
    }

    @Nested
    class BestFitAligned extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new RecordListAllocator(setup, Fit.BEST, RecordOrder.INSERTION, false, 8);
        }
    }

    @Nested
    class WorstFitCoalescing extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new RecordListAllocator(setup, Fit.WORST, RecordOrder.INSERTION, true, 1);
        }

        @Override
        protected int alignment() {
            return 1;
        }
    }

    @Nested
    class FirstFitInAddressOrderCoalescing extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new RecordListAllocator(setup, Fit.FIRST, RecordOrder.ADDRESS, true, 1);
        }

        @Override
        protected int alignment() {
            return 1;
        }
    }

    @Nested
    class BestFitInAddressOrder extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new RecordListAllocator(setup, Fit.BEST, RecordOrder.ADDRESS, false, 1);
        }

        @Override
        protected int alignment() {
            return 1;
        }
    }
}
