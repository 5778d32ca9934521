package io.heaplab.allocators.variable;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.AllocatorContract;
import io.heaplab.testkit.LiveBlocks;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import org.junit.jupiter.api.Test;

/**
 * What every strategy for blocks of any size built on the cell layer must do, whatever its policy, beyond the
 * generic {@link AllocatorContract} (blocks inside the heap, apart, with their data intact; no exception from a
 * full bounded heap): immediate coalescing (everything freed is one free block again), a full bounded heap that
 * rejects exactly when no run of cells is long enough, and counted searches. A strategy's test extends this class
 * and says how to make one; the property at the end plays random sequences against a reference model of live
 * blocks.
 */
public abstract class VariableSizeAllocatorContract extends AllocatorContract {

    protected static final int CELL = 16;
    /** Purdom's Table 1: 256 cells. */
    protected static final int CELLS = 256;

    /** The strategy under test with 16-byte cells over {@code setup}'s heap; the generic contract runs it too. */
    @Override
    protected abstract VariableSizeAllocator create(AllocatorSetup setup);

    /**
     * Whether a rejection in a bounded heap means that no run of free cells between live blocks could hold the
     * request: true of strategies that search until they find any block that fits; false of those that round a
     * request up to a class (TLSF, the buddy system).
     */
    protected boolean rejectsOnlyWhenNothingFits() {
        return true;
    }

    protected static Heap heap(long capacity) {
        return new Heap(4096, capacity, new ReferenceRecorder(List.of()), true);
    }

    /** A request that takes {@code cells} cells under the one-header-word layout. */
    protected static long bytesFor(int cells) {
        return (long) cells * CELL - CellAllocator.HEADER;
    }

    private VariableSizeAllocator create(Heap heap) {
        return create(new AllocatorSetup(heap, AllocatorSetup.VARIED));
    }

    @Test
    void aBoundedHeapIsOneFreeBlockOfAllItsCellsFromTheStart() {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(heap);
            assertThat(allocator.arenaBytes()).isEqualTo(CELLS * CELL);
            assertThat(allocator.freeBlocks()).isOne();
            assertThat(allocator.largestFreeBytes()).isEqualTo(CELLS * CELL);
            assertThat(allocator.heldBytes()).isZero();
            allocator.verify();
        }
    }

    @Test
    void freeingEverythingInAnyOrderLeavesOneFreeBlockOfTheWholeArena() {
        for (long capacity : new long[] {CELLS * CELL, Heap.GROWABLE}) {
            try (Heap heap = heap(capacity)) {
                VariableSizeAllocator allocator = create(heap);
                LiveBlocks live = new LiveBlocks(heap);
                SplittableRandom random = new SplittableRandom(7);
                for (int i = 0; i < 200; i++) {
                    long size = bytesFor(1 + random.nextInt(12));
                    long address = allocator.allocate(size);
                    if (address != Allocator.NO_FIT) {
                        live.add(address, size);
                    }
                }
                assertThat(live.size()).isGreaterThan(10);
                while (live.size() > 0) {
                    free(allocator, live, random.nextInt(live.size()));
                }
                allocator.verify();
                assertThat(allocator.heldBytes()).isZero();
                assertThat(allocator.freeBlocks()).isOne();
                assertThat(allocator.freeBytes()).isEqualTo(allocator.arenaBytes());
                assertThat(allocator.largestFreeBytes()).isEqualTo(allocator.arenaBytes());
            }
        }
    }

    @Test
    void aFullBoundedHeapRejectsEveryRequestUntilSomethingIsFreed() {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            long address;
            while ((address = allocator.allocate(bytesFor(1))) != Allocator.NO_FIT) {
                live.add(address, bytesFor(1));
            }
            assertThat(live.size()).as("one-cell blocks in %d cells", CELLS).isEqualTo(CELLS);
            assertThat(allocator.freeBytes()).isZero();
            assertThat(allocator.allocate(0)).isEqualTo(Allocator.NO_FIT);
            assertThat(allocator.allocate(1L << 40)).isEqualTo(Allocator.NO_FIT);
            long freed = live.removeAt(CELLS / 2);
            allocator.free(freed, bytesFor(1));
            assertThat(allocator.allocate(bytesFor(2))).isEqualTo(Allocator.NO_FIT);
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(freed);
            allocator.verify();
        }
    }

    @Test
    void aRequestLargerThanTheBoundedHeapIsRejectedAndTheHeapStaysWhole() {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(heap);
            assertThat(allocator.allocate(bytesFor(CELLS + 1))).isEqualTo(Allocator.NO_FIT);
            long all = allocator.allocate(bytesFor(CELLS));
            assertThat(all).isEqualTo(CellAllocator.HEADER);
            assertThat(allocator.heldBytes()).isEqualTo(CELLS * CELL);
            allocator.free(all, bytesFor(CELLS));
            assertThat(allocator.freeBlocks()).isOne();
            allocator.verify();
        }
    }

    @Test
    void everyRequestAcceptedOrRejectedCountsAtLeastOneSearch() {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(heap);
            SplittableRandom random = new SplittableRandom(3);
            long before = allocator.searches();
            assertThat(before).isZero();
            for (int i = 0; i < 100; i++) {
                allocator.allocate(bytesFor(1 + random.nextInt(20)));
                long now = allocator.searches();
                assertThat(now).as("searches after request %d", i).isGreaterThan(before);
                before = now;
            }
        }
    }

    @Test
    void heldBytesCountWholeBlocksHeadersIncluded() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            VariableSizeAllocator allocator = create(heap);
            long a = allocator.allocate(bytesFor(3));
            long b = allocator.allocate(1);
            assertThat(allocator.heldBytes()).isGreaterThanOrEqualTo(4 * CELL).isLessThanOrEqualTo(
                    allocator.arenaBytes());
            allocator.free(a, bytesFor(3));
            allocator.free(b, 1);
            assertThat(allocator.heldBytes()).isZero();
        }
    }

    @Test
    void aGrowableHeapReusesWhatIsFreedInsteadOfGrowing() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            VariableSizeAllocator allocator = create(heap);
            long[] blocks = new long[64];
            for (int round = 0; round < 50; round++) {
                for (int i = 0; i < blocks.length; i++) {
                    blocks[i] = allocator.allocate(bytesFor(1 + i % 7));
                }
                for (int i = 0; i < blocks.length; i++) {
                    allocator.free(blocks[i], bytesFor(1 + i % 7));
                }
            }
            assertThat(heap.size()).isLessThanOrEqualTo(2 * 4096);
            allocator.verify();
        }
    }

    /** Sequences of up to 400 operations: a free (40%) or a request of 1 to 40 cells. */
    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(400).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * Random sequences in a bounded heap of 256 cells, checked against a model of the live blocks after every
     * step: no overlap, alignment, the heap's bounds, data intact, {@code verify()}; and, for a strategy that takes
     * any block that fits, a rejection only when every run of cells between live blocks is too short.
     */
    @Property(tries = 200)
    void randomSequencesAgreeWithTheModelOfLiveBlocks(@ForAll("operations") List<Integer> operations) {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            TreeMap<Long, Long> extents = new TreeMap<>();
            for (int op : operations) {
                if (live.size() > 0 && op % 10 < 4) {
                    long address = free(allocator, live, (op >>> 4) % live.size());
                    extents.remove(address - CellAllocator.HEADER);
                } else {
                    int cells = 1 + (op >>> 4) % 40;
                    long size = bytesFor(cells) - (op >>> 12) % 8;
                    long address = allocator.allocate(size);
                    if (address == Allocator.NO_FIT) {
                        if (rejectsOnlyWhenNothingFits()) {
                            assertThat(longestGap(extents, allocator.arenaBytes())).as("rejected %d cells", cells)
                                    .isLessThan((long) cells * CELL);
                        }
                    } else {
                        live.add(address, size);
                        extents.put(address - CellAllocator.HEADER, address - CellAllocator.HEADER
                                + (long) cells * CELL);
                    }
                }
                allocator.verify();
            }
            live.checkAll();
            while (live.size() > 0) {
                free(allocator, live, 0);
            }
            allocator.verify();
            assertThat(allocator.freeBlocks()).isOne();
        }
    }

    /** Checks and frees the {@code index}-th live block; returns its address. */
    protected static long free(VariableSizeAllocator allocator, LiveBlocks live, int index) {
        long address = live.addressAt(index);
        long size = live.sizeOf(address);
        live.removeAt(index);
        allocator.free(address, size);
        return address;
    }

    /** The longest run of bytes in {@code [0, end)} that no block (start to end of its cells) covers. */
    private static long longestGap(TreeMap<Long, Long> extents, long end) {
        long longest = 0;
        long from = 0;
        for (Map.Entry<Long, Long> extent : extents.entrySet()) {
            longest = Math.max(longest, extent.getKey() - from);
            from = Math.max(from, extent.getValue());
        }
        return Math.max(longest, end - from);
    }
}
