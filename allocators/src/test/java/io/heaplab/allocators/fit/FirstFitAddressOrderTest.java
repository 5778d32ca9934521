package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocatorContract;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
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
import org.junit.jupiter.api.Test;

/**
 * First fit over an address-ordered list (Knuth's Algorithms A and B): the contract, the lowest hole that fits,
 * and a property against an exact model of the free intervals.
 */
class FirstFitAddressOrderTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new ListFitAllocator(setup, CELL, Fit.FIRST, Order.ADDRESS);
    }

    @Test
    void takesTheLowestHoleThatFitsCountingEveryHoleLookedAt() {
        new Row(Fit.FIRST, Order.ADDRESS).carve().freeHoles()
                .expect(4, at(3), 2) // 2@0 is too small, 6@3 fits
                .expect(3, at(10), 3) // 2@0, 2@7 (the rest of 6@3) too small
                .expect(1, at(0), 1)
                .expect(13, Allocator.NO_FIT, 6); // 1@1, 2@7, 9@13, 4@23, 3@28, 7@249
    }

    @Test
    void blocksFreedInAnyOrderAreFoundInAddressOrder() {
        Row row = new Row(Fit.FIRST, Order.ADDRESS).carve().free(28, 3).free(23, 4).free(10, 12).free(0, 2)
                .free(3, 6);
        row.expect(4, at(3), 2).expect(7, at(10), 3).expect(5, at(17), 3);
    }

    @Test
    void aRequestOnAnEmptyListCountsOneSearch() {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(allocator.allocate(bytesFor(CELLS))).isEqualTo(CellAllocator.HEADER);
            assertThat(allocator.searches()).isOne();
            assertThat(allocator.allocate(0)).isEqualTo(Allocator.NO_FIT);
            assertThat(allocator.searches()).isEqualTo(2);
        }
        try (Heap heap = heap(Heap.GROWABLE)) {
            VariableSizeAllocator allocator = create(new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(allocator.allocate(bytesFor(3))).isEqualTo(CellAllocator.HEADER);
            assertThat(allocator.searches()).as("the empty list, then the arena grows").isOne();
            assertThat(allocator.allocate(bytesFor(3))).isEqualTo(3 * CELL + CellAllocator.HEADER);
            assertThat(allocator.searches()).isEqualTo(2);
            assertThat(allocator.allocate(bytesFor(4096))).isEqualTo(6 * CELL + CellAllocator.HEADER);
            assertThat(allocator.searches()).as("the top block is too small: one search, then growth").isEqualTo(3);
            allocator.verify();
        }
    }

    // ---- the property

    /** Up to 400 operations: a free (40%) or a request of 1 to 40 cells. */
    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(400).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * In a bounded heap of 256 cells, every request gets exactly the lowest run of free cells that holds it (or is
     * rejected when none does), after exactly as many searches as free runs up to it; the free runs are exactly
     * the model's, which splits from the low end and merges neighbours at once.
     */
    @Property(tries = 300)
    void everyRequestGetsTheLowestFreeIntervalThatFits(@ForAll("steps") List<Integer> steps) {
        try (Heap heap = heap(CELLS * CELL)) {
            VariableSizeAllocator allocator = create(new AllocatorSetup(heap, AllocatorSetup.VARIED));
            TreeMap<Integer, Integer> free = new TreeMap<>(Map.of(0, CELLS)); // first cell -> cells
            List<int[]> live = new ArrayList<>(); // {first cell, cells}
            for (int step : steps) {
                if (!live.isEmpty() && step % 10 < 4) {
                    int[] block = live.remove((step >>> 4) % live.size());
                    allocator.free(at(block[0]), bytesFor(block[1]));
                    release(free, block[0], block[1]);
                } else {
                    int cells = 1 + (step >>> 4) % 40;
                    long searches = 0;
                    int found = -1;
                    for (Map.Entry<Integer, Integer> run : free.entrySet()) {
                        searches++;
                        if (run.getValue() >= cells) {
                            found = run.getKey();
                            break;
                        }
                    }
                    long before = allocator.searches();
                    long address = allocator.allocate(bytesFor(cells) - (step >>> 12) % 8);
                    assertThat(allocator.searches() - before).as("searches for %d cells in %s", cells, free)
                            .isEqualTo(Math.max(1, searches));
                    if (found < 0) {
                        assertThat(address).as("%d cells in %s", cells, free).isEqualTo(Allocator.NO_FIT);
                        continue;
                    }
                    assertThat(address).as("%d cells in %s", cells, free).isEqualTo(at(found));
                    int rest = free.remove(found) - cells;
                    if (rest > 0) {
                        free.put(found + cells, rest);
                    }
                    live.add(new int[] {found, cells});
                }
                allocator.verify();
                assertThat(allocator.freeBlocks()).isEqualTo(free.size());
                assertThat(allocator.freeBytes()).isEqualTo(free.values().stream().mapToLong(c -> c * CELL).sum());
            }
        }
    }

    /** Gives back cells {@code [first, first + cells)} to {@code free}, merging with the runs on either side. */
    private static void release(TreeMap<Integer, Integer> free, int first, int cells) {
        Map.Entry<Integer, Integer> below = free.lowerEntry(first);
        if (below != null && below.getKey() + below.getValue() == first) {
            first = below.getKey();
            cells += free.remove(first);
        }
        Integer above = free.remove(first + cells);
        if (above != null) {
            cells += above;
        }
        free.put(first, cells);
    }
}
