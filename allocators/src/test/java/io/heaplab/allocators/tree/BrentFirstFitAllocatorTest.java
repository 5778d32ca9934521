package io.heaplab.allocators.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Brent's first fit: the contract of every variable-size strategy (with segments of 8 cells, so the tree over 256
 * cells has 32 leaves), then exact agreement with plain first fit, the tree's values, its searches and its growth.
 */
class BrentFirstFitAllocatorTest extends VariableSizeAllocatorContract {

    private static final int PAGE_CELLS = 4096 / CELL;

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new BrentFirstFitAllocator(setup, CELL, 8);
    }

    private static BrentFirstFitAllocator brent(Heap heap, int segment) {
        return new BrentFirstFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), CELL, segment);
    }

    private static long addressOf(int cell) {
        return (long) cell * CELL + CellAllocator.HEADER;
    }

    // ---- the reference model --------------------------------------------------------------------------------

    /**
     * Plain first fit over free intervals of cells in address order: the lowest interval that fits, split from its
     * low end, neighbours coalesced on free; a growable arena extends its top in whole pages, as the cell layer does.
     */
    static final class FirstFitModel {
        private final TreeMap<Integer, Integer> free = new TreeMap<>();
        private final boolean growable;
        private int end;

        FirstFitModel(int cells, boolean growable) {
            this.growable = growable;
            this.end = cells;
            if (cells > 0) {
                free.put(0, cells);
            }
        }

        /** The first cell of the block taken, or -1. */
        int allocate(int cells) {
            for (Map.Entry<Integer, Integer> interval : free.entrySet()) {
                int start = interval.getKey();
                if (interval.getValue() - start >= cells) {
                    take(start, interval.getValue(), cells);
                    return start;
                }
            }
            if (!growable) {
                return -1;
            }
            Map.Entry<Integer, Integer> last = free.lastEntry();
            int top = last != null && last.getValue() == end ? last.getKey() : end;
            int pages = (cells - (end - top) + PAGE_CELLS - 1) / PAGE_CELLS;
            end += pages * PAGE_CELLS;
            free.put(top, end);
            take(top, end, cells);
            return top;
        }

        private void take(int start, int intervalEnd, int cells) {
            free.remove(start);
            if (intervalEnd > start + cells) {
                free.put(start + cells, intervalEnd);
            }
        }

        void free(int start, int cells) {
            int from = start;
            int to = start + cells;
            Map.Entry<Integer, Integer> below = free.lowerEntry(start);
            if (below != null && below.getValue() == start) {
                from = below.getKey();
                free.remove(from);
            }
            Integer above = free.remove(to);
            if (above != null) {
                to = above;
            }
            free.put(from, to);
        }

        long largestFreeCells() {
            long largest = 0;
            for (Map.Entry<Integer, Integer> interval : free.entrySet()) {
                largest = Math.max(largest, interval.getValue() - interval.getKey());
            }
            return largest;
        }

        int end() {
            return end;
        }
    }

    /** Sequences of up to 500 operations: a free (40%) or a request, mostly small, now and then of up to 300 cells. */
    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(500).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * Plays {@code steps} on the allocator and the model side by side: the same address for every request (or both
     * reject), the same largest free block, and {@code verify()} after every step.
     */
    private static void playAgainstTheModel(BrentFirstFitAllocator allocator, FirstFitModel model,
            List<Integer> steps) {
        List<int[]> live = new ArrayList<>();
        for (int step : steps) {
            if (!live.isEmpty() && step % 10 < 4) {
                int[] block = live.remove((step >>> 4) % live.size());
                allocator.free(addressOf(block[0]), bytesFor(block[1]) - block[2]);
                model.free(block[0], block[1]);
            } else {
                int cells = (step >>> 4) % 16 == 0 ? 1 + (step >>> 8) % 300 : 1 + (step >>> 8) % 40;
                int jitter = (step >>> 20) % 8;
                long address = allocator.allocate(bytesFor(cells) - jitter);
                int expected = model.allocate(cells);
                assertThat(address).as("request of %d cells", cells)
                        .isEqualTo(expected < 0 ? Allocator.NO_FIT : addressOf(expected));
                if (expected >= 0) {
                    live.add(new int[] {expected, cells, jitter});
                }
            }
            allocator.verify();
            assertThat(allocator.arenaCells()).isEqualTo(model.end());
            assertThat(allocator.largestFreeBytes()).isEqualTo(model.largestFreeCells() * CELL);
        }
        while (!live.isEmpty()) {
            int[] block = live.removeLast();
            allocator.free(addressOf(block[0]), bytesFor(block[1]) - block[2]);
        }
        allocator.verify();
        assertThat(allocator.freeBlocks()).isEqualTo(model.end() > 0 ? 1 : 0);
        assertThat(allocator.freeBytes()).isEqualTo(allocator.arenaBytes());
    }

    @Property(tries = 300)
    void inABoundedHeapOf1024CellsItTakesExactlyWhatPlainFirstFitTakes(@ForAll("steps") List<Integer> steps,
            @ForAll @IntRange(min = 0, max = 11) int segmentShift) {
        try (Heap heap = heap(1024 * CELL)) {
            BrentFirstFitAllocator allocator = brent(heap, 1 << segmentShift);
            playAgainstTheModel(allocator, new FirstFitModel(1024, false), steps);
        }
    }

    @Property(tries = 100)
    void inAGrowableHeapItTakesExactlyWhatPlainFirstFitTakes(@ForAll("steps") List<Integer> steps,
            @ForAll @IntRange(min = 0, max = 8) int segmentShift) {
        try (Heap heap = heap(Heap.GROWABLE)) {
            BrentFirstFitAllocator allocator = brent(heap, 1 << segmentShift);
            playAgainstTheModel(allocator, new FirstFitModel(0, true), steps);
        }
    }

    // ---- the tree ---------------------------------------------------------------------------------------------

    @Test
    void eachLeafHoldsTheLargestFreeBlockWhoseHeaderLiesInItsSegment() {
        try (Heap heap = heap(1024 * CELL)) {
            BrentFirstFitAllocator allocator = brent(heap, 64);
            assertThat(allocator.treeLeaves()).isEqualTo(16);
            assertThat(leaves(allocator)).containsExactly(1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            long a = allocator.allocate(bytesFor(10));
            assertThat(leaves(allocator)).startsWith(1014, 0);
            long b = allocator.allocate(bytesFor(60));
            // the rest, cells 70-1023, has its header in segment 1 now
            assertThat(leaves(allocator)).startsWith(0, 954, 0);
            long c = allocator.allocate(bytesFor(100));
            assertThat(leaves(allocator)).startsWith(0, 0, 854, 0);
            allocator.free(a, bytesFor(10));
            allocator.free(c, bytesFor(100));
            // c merges with the rest: cells 70-1023 again, a is 0-9
            assertThat(leaves(allocator)).startsWith(10, 954, 0);
            long d = allocator.allocate(bytesFor(4));
            assertThat(d).isEqualTo(addressOf(0));
            assertThat(leaves(allocator)).startsWith(6, 954, 0);
            allocator.free(b, bytesFor(60));
            // 4-9 + 10-69 + 70-1023 is one block with its header in segment 0
            assertThat(leaves(allocator)).containsExactly(1020, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            assertThat(allocator.tree().root()).isEqualTo(1020);
            allocator.verify();
        }
    }

    @Test
    void aRequestTakesTheLowestBlockThatFitsNotTheBestNorTheNext() {
        try (Heap heap = heap(1024 * CELL)) {
            BrentFirstFitAllocator allocator = brent(heap, 16);
            long[] blocks = new long[8];
            int[] sizes = {5, 1, 3, 1, 40, 1, 3, 1};
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = allocator.allocate(bytesFor(sizes[i]));
            }
            // free runs: 5 cells at 0, 3 at 6, 40 at 10, 3 at 51, and the rest from 55
            for (int i : new int[] {0, 2, 4, 6}) {
                allocator.free(blocks[i], bytesFor(sizes[i]));
            }
            assertThat(allocator.allocate(bytesFor(3))).as("first fit, not best fit").isEqualTo(addressOf(0));
            assertThat(allocator.allocate(bytesFor(6))).isEqualTo(addressOf(10));
            // the rest of that run, cells 16-49, has its header in segment 1 now
            assertThat(allocator.leaf(1)).isEqualTo(34);
            assertThat(allocator.allocate(bytesFor(2))).as("back to the start, not next fit").isEqualTo(addressOf(3));
            assertThat(allocator.allocate(bytesFor(3))).isEqualTo(addressOf(6));
            assertThat(allocator.allocate(bytesFor(34))).as("in a later segment").isEqualTo(addressOf(16));
            assertThat(allocator.allocate(bytesFor(35))).as("past the run of 3 at 51").isEqualTo(addressOf(55));
            allocator.verify();
        }
    }

    @Test
    void aRequestCountsTheTreeNodesItReadsAndTheBlocksItExamines() {
        try (Heap heap = heap(1024 * CELL)) {
            BrentFirstFitAllocator allocator = brent(heap, 64);
            assertThat(allocator.tree().levels()).isEqualTo(5);
            allocator.allocate(bytesFor(1));
            assertThat(allocator.searches()).as("5 nodes, 1 block").isEqualTo(6);
            long[] ones = new long[4];
            for (int i = 0; i < ones.length; i++) {
                ones[i] = allocator.allocate(bytesFor(1));
                allocator.allocate(bytesFor(1));
            }
            allocator.free(ones[0], bytesFor(1));
            allocator.free(ones[1], bytesFor(1));
            long before = allocator.searches();
            // segment 0 holds free blocks of 1 cell at 1 and 3, and the rest at 9: the request examines all three
            assertThat(allocator.allocate(bytesFor(2))).isEqualTo(addressOf(9));
            assertThat(allocator.searches() - before).isEqualTo(5 + 3);
            before = allocator.searches();
            assertThat(allocator.allocate(bytesFor(2000))).isEqualTo(Allocator.NO_FIT);
            assertThat(allocator.searches() - before).as("the root alone says no").isOne();
        }
    }

    @Test
    void verifyChecksEveryLeafAgainstItsSegmentAndEveryInnerNodeAgainstItsChildren() {
        try (Heap heap = heap(1024 * CELL)) {
            BrentFirstFitAllocator allocator = brent(heap, 64);
            allocator.allocate(bytesFor(100));
            allocator.verify();
            MaxTree tree = allocator.tree();
            int leaf1 = 16 + 1;
            tree.corrupt(leaf1, 923);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("segment 1: leaf 923 (expected: 924, the largest free block whose header lies in it)");
            tree.corrupt(leaf1, 924);
            allocator.verify();
            tree.corrupt(1, 2000);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("tree node 1: 2000 (expected: 924, the larger of its children)");
        }
    }

    // ---- growth -----------------------------------------------------------------------------------------------

    @Test
    void aGrowableArenaGrowsItsTreeByDoublingAndKeepsItsListsInOrder() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            BrentFirstFitAllocator allocator = brent(heap, 64);
            assertThat(allocator.treeLeaves()).isOne();
            List<Long> blocks = new ArrayList<>();
            blocks.add(allocator.allocate(bytesFor(10)));
            assertThat(allocator.arenaCells()).isEqualTo(PAGE_CELLS);
            assertThat(allocator.treeLeaves()).as("one page: 4 segments").isEqualTo(4);
            for (int i = 0; i < 60; i++) {
                blocks.add(allocator.allocate(bytesFor(10 + i % 50)));
                if (i % 10 == 0) {
                    allocator.verify();
                }
            }
            int segments = (allocator.arenaCells() + 63) / 64;
            assertThat(allocator.treeLeaves()).isGreaterThanOrEqualTo(segments).isLessThan(2 * segments);
            assertThat(Integer.bitCount(allocator.treeLeaves())).isOne();
            // holes everywhere, then requests that only the tree can steer to the lowest fitting hole
            for (int i = 0; i < blocks.size(); i += 2) {
                allocator.free(blocks.get(i), bytesFor(i == 0 ? 10 : 10 + (i - 1) % 50));
            }
            allocator.verify();
            long expected = lowestFreeRunOf(allocator, 40);
            assertThat(expected).isPositive().isLessThan(allocator.arenaBytes() / 2);
            assertThat(allocator.allocate(bytesFor(40))).isEqualTo(expected);
            allocator.verify();
        }
    }

    @Test
    void theTreeGrowsEvenWhenTheGrownTopBlockIsTakenWhole() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            BrentFirstFitAllocator allocator = brent(heap, 64);
            allocator.allocate(bytesFor(10));
            assertThat(allocator.treeLeaves()).isEqualTo(4);
            // the free top block of 246 cells grows by exactly one page and is taken whole: no block is inserted
            assertThat(allocator.allocate(bytesFor(246 + PAGE_CELLS))).isEqualTo(addressOf(10));
            assertThat(allocator.arenaCells()).isEqualTo(2 * PAGE_CELLS);
            assertThat(allocator.freeBlocks()).isZero();
            assertThat(allocator.treeLeaves()).isEqualTo(8);
            allocator.verify();
            assertThat(allocator.allocate(bytesFor(1))).isEqualTo(addressOf(2 * PAGE_CELLS));
            allocator.verify();
        }
    }

    @Test
    void theProviderIsCalledBrentFfAndChecksItsOptions() {
        AllocatorProvider provider = new BrentFirstFitAllocatorProvider();
        assertThat(provider.name()).isEqualTo("brent-ff");
        try (Heap heap = heap(1024 * CELL)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            BrentFirstFitAllocator allocator = (BrentFirstFitAllocator) provider.create(
                    Options.bind(provider, Spec.parse("brent-ff")), setup);
            assertThat(allocator.segmentCells()).isEqualTo(BrentFirstFitAllocator.DEFAULT_SEGMENT);
            assertThat(allocator.cellSize()).isEqualTo(CELL);
            assertThat(allocator.treeLeaves()).isEqualTo(16);
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("brent-ff:segment=48")),
                    setup)).isInstanceOf(SpecException.class)
                    .hasMessage("segment: 48 (expected: a power of 2 from 1 to 1048576 cells)");
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("brent-ff:cell=24")), setup))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("cell: 24 (expected: a power of 2 from 16 to the page size, 4096)");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("brent-ff:cell=8")))
                    .isInstanceOf(SpecException.class).hasMessage("brent-ff: cell=8 (expected: 16..1048576)");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("brent-ff:segment=2097152")))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("brent-ff: segment=2097152 (expected: 1..1048576)");
        }
        try (Heap heap = heap(1024 * 32)) {
            BrentFirstFitAllocator allocator = (BrentFirstFitAllocator) provider.create(
                    Options.bind(provider, Spec.parse("brent-ff:segment=256,cell=32")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(allocator.segmentCells()).isEqualTo(256);
            assertThat(allocator.treeLeaves()).isEqualTo(4);
        }
    }

    private static int[] leaves(BrentFirstFitAllocator allocator) {
        int[] leaves = new int[allocator.treeLeaves()];
        for (int i = 0; i < leaves.length; i++) {
            leaves[i] = allocator.leaf(i);
        }
        return leaves;
    }

    /** The address a first fit over a walk of the blocks would hand out for {@code cells} cells, or -1. */
    private static long lowestFreeRunOf(BrentFirstFitAllocator allocator, int cells) {
        for (int block = 0; block < allocator.arenaCells(); block += allocator.cellsOf(block)) {
            if (allocator.isFree(block) && allocator.cellsOf(block) >= cells) {
                return addressOf(block);
            }
        }
        return -1;
    }
}
