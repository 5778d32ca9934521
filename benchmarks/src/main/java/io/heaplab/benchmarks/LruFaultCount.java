package io.heaplab.benchmarks;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.paging.lru.ExactLru;
import java.util.List;

/**
 * The page faults of a strategy's steady state under exact LRU, counted on a second, recorded heap so the timed one
 * records nothing.
 *
 * <p>The count: the same {@link OperationTable} from the start, its {@link OperationTable#warmUpSteps} warm-up
 * unmeasured, then {@value #STEPS} steps measured (LRU keeps what the warm-up left in memory), every step recording
 * the strategy's bookkeeping and the program's touch of the old and new block ({@link HeapChurn#stepTouching}).
 * The memory: {@value HeapChurn#PAGE_SIZE}-byte pages, as many frames as hold half the mean live bytes
 * ({@code ceil(live * mean request / 2 / page)}), the same for every strategy at one size pattern and live count,
 * so the strategies differ only in how well they keep the live blocks together.
 */
final class LruFaultCount {

    /** Steps counted: two passes over the table. */
    static final int STEPS = 2 * OperationTable.LENGTH;

    private LruFaultCount() {
    }

    /** Frames for {@code live} blocks of {@code sizes}: half their mean bytes, at least one. */
    static int frames(int live, BlockSizes sizes) {
        return (int) Math.max(1, Math.ceil(live * sizes.meanBytes() / 2 / HeapChurn.PAGE_SIZE));
    }

    /** The faults of {@code strategy} on {@code table}, as the class says. */
    static long count(String strategy, long blockSize, OperationTable table, int frames) {
        ExactLru lru = new ExactLru(frames);
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(lru));
        try (HeapChurn churn = HeapChurn.recorded(strategy, blockSize, table, recorder)) {
            for (int i = table.warmUpSteps(); i > 0; i--) {
                churn.stepTouching();
            }
            recorder.startMeasuring();
            for (int i = 0; i < STEPS; i++) {
                churn.stepTouching();
            }
            recorder.finish();
        }
        return ((PagingOutcome.Faults) lru.outcome()).faults();
    }
}
