package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract every workload keeps; a workload's test extends this class and implements {@link #create}.
 *
 * <p>Each run is of a fresh workload on a heap of {@value #PAGE_SIZE}-byte pages (small, so the page reference
 * stream tells places apart), bounded by the workload's own {@link Workload#heapCapacity()}, under a plain
 * first-fit allocator that checks every request and free. Each case can fail for a broken workload: a block
 * size that is neither {@link AllocatorSetup#VARIED} nor positive, or a request of another size than the one it
 * declared; a free of an address it was not given, of a block already freed, or with another size than it asked
 * for; a failure when a bounded heap refuses a request ({@link Allocator#NO_FIT}); requests
 * or references that depend on more than the seed, or (for a workload that draws at random) that do not depend
 * on it; a run that allocates nothing or references no data.
 */
public abstract class WorkloadContract {

    /** The page size of every heap the contract builds. */
    protected static final int PAGE_SIZE = 256;

    /**
     * A small instance of the workload under test, ready to run once: the contract runs several, so each should
     * take a few milliseconds.
     */
    protected abstract Workload create();

    /**
     * Whether the workload draws from {@link WorkloadContext#random()} in a way that shows in its requests or its
     * references, so that another seed changes the run; false for one whose traffic does not depend on the seed
     * (Brent's TRIDIAG, whose seed sets only the values in its matrix), which must then give the same run.
     */
    protected boolean usesRandomness() {
        return true;
    }

    /** What one run did: the allocator's log, the references, and the counts. */
    private record Run(long[] log, long[] references, long[] markers, long allocations, long rejections,
                       long dataReferences, long peakBreak) {
    }

    /** Runs a fresh workload with {@code seed} in a heap of at most {@code capacity} bytes. */
    private Run run(long seed, long capacity) {
        Workload workload = create();
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
        try (Heap heap = new Heap(PAGE_SIZE, Math.min(capacity, workload.heapCapacity()), recorder, false)) {
            CheckingAllocator allocator = new CheckingAllocator(new AllocatorSetup(heap, workload.blockSize(), seed));
            workload.run(new WorkloadContext(heap.data(), allocator, seed));
            recorder.finish();
            assertThat(allocator.violation()).as("a misuse of the allocator the workload caught").isNull();
            return new Run(allocator.log(), sink.runs(), sink.markers(), allocator.allocations(),
                    allocator.rejections(), heap.data().references(), allocator.peakBreak());
        }
    }

    private Run run(long seed) {
        return run(seed, Heap.GROWABLE);
    }

    @Test
    void itDeclaresAVariedOrPositiveBlockSizeAndAPositiveCapacity() {
        Workload workload = create();
        assertThat(workload.blockSize()).as("block size (0 for varied)").isGreaterThanOrEqualTo(0);
        assertThat(workload.heapCapacity()).as("heap capacity").isPositive();
    }

    @Test
    void itAllocatesAndReferencesItsData() {
        Run run = run(1);
        assertThat(run.allocations()).as("blocks allocated").isPositive();
        assertThat(run.dataReferences()).as("references to the workload's data").isPositive();
        assertThat(run.references()).as("page runs recorded").isNotEmpty();
    }

    @Test
    void aFixedSizeWorkloadAsksOnlyForItsBlockSize() {
        long blockSize = create().blockSize();
        long[] log = run(1).log();
        for (int i = 0; i < log.length; i += 3) {
            if (log[i] == CheckingAllocator.ALLOCATE) {
                long size = log[i + 1];
                if (blockSize == AllocatorSetup.VARIED) {
                    assertThat(size).as("request %d", i / 3).isGreaterThanOrEqualTo(0);
                } else {
                    assertThat(size).as("request %d", i / 3).isEqualTo(blockSize);
                }
            }
        }
    }

    @Test
    void itFreesOnlyBlocksItWasGivenOnceAndWithTheSizeItAskedFor() {
        // the checking allocator fails the run at the first bad free; here each free is also matched by hand
        long[] log = run(2).log();
        Map<Long, Long> live = new HashMap<>();
        for (int i = 0; i < log.length; i += 3) {
            if (log[i] == CheckingAllocator.ALLOCATE) {
                if (log[i + 2] != Allocator.NO_FIT) {
                    live.put(log[i + 2], log[i + 1]);
                }
            } else {
                assertThat(live.remove(log[i + 1])).as("size of the block freed at %d", log[i + 1])
                        .isEqualTo(log[i + 2]);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameRequestsAndReferences() {
        Run first = run(7);
        Run second = run(7);
        assertThat(second.log()).as("requests, answers and frees").isEqualTo(first.log());
        assertThat(second.references()).as("page references").isEqualTo(first.references());
        assertThat(second.markers()).as("where the measured phase began").isEqualTo(first.markers());
    }

    @Test
    void anotherSeedChangesTheRunOfAWorkloadThatDrawsAtRandom() {
        Run one = run(1);
        Run other = run(2);
        boolean same = Arrays.equals(one.log(), other.log())
                && Arrays.equals(one.references(), other.references());
        assertThat(same).as(usesRandomness() ? "seeds 1 and 2 gave the same run"
                : "seeds 1 and 2 gave different runs of a workload that says it does not use randomness")
                .isEqualTo(!usesRandomness());
    }

    /**
     * Refuses requests as a bounded heap does: the heap is capped at three quarters of what an unbounded run
     * grew to, so the same run (the allocator is deterministic) meets at least one {@code NO_FIT}; the workload
     * must carry on, free nothing it was refused, and end normally. The cap is large enough for whatever a
     * workload needs before it first frees (Brent's TRIDIAG fails, as it should, if its matrix does not fit).
     */
    @Test
    void itCarriesOnWhenABoundedHeapRefusesARequest() {
        Run unbounded = run(3);
        long capacity = Math.max(1, unbounded.peakBreak() / 4 * 3);
        Run bounded = run(3, capacity);
        assertThat(bounded.rejections()).as("requests refused in a heap of %d bytes", capacity).isPositive();
        assertThat(bounded.allocations()).as("requests served in a heap of %d bytes", capacity).isPositive();
    }
}
