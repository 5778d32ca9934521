package io.heaplab.allocators.segregated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Purdom, Stigler &amp; Cheam's rule, predicted exactly in hand-built states of a bounded heap of 256 cells (cell
 * {@code c} is at byte {@code 16c}, its data at {@code 16c + 8}): the first block of list {@code i + 1} before a
 * better fit in list {@code i}, the search of list {@code i} when every list above is empty, the searches counted
 * empty lists included, the bounds at their edges, a custom table; then a model of the paper's algorithm played
 * against the allocator on random sequences and tables.
 */
class SegregatedStorageAllocatorTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new SegregatedStorageAllocator(setup);
    }

    private static SegregatedStorageAllocator segregated(Heap heap, int... bounds) {
        AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
        return bounds.length == 0 ? new SegregatedStorageAllocator(setup)
                : new SegregatedStorageAllocator(setup, CELL, bounds);
    }

    private static long at(int cell) {
        return HandBuilt.at(cell);
    }

    private static long[] fill(Allocator allocator, int... cells) {
        return HandBuilt.fill(allocator, CELLS, cells);
    }

    private static long[] request(Allocator allocator, int cells) {
        return HandBuilt.request(allocator, cells);
    }

    // ---- the rule

    @Test
    void theDefaultTableIsPowersOfTwoEndingAtTheListOfTheWholeArena() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            assertThat(allocator.bounds()).startsWith(1, 2, 4, 8, 16, 32, 64, 128, 256, 512);
            assertThat(allocator.lists()).as("k: a_9 = 256 cells").isEqualTo(9);
            assertThat(allocator.blocksIn(9)).containsExactly(0);
        }
    }

    @Test
    void aListHoldsTheSizesAboveThePreviousBoundUpToItsOwn() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            int[][] sizeToList = {{1, 1}, {2, 2}, {3, 3}, {4, 3}, {5, 4}, {8, 4}, {9, 5}, {16, 5}, {17, 6},
                    {128, 8}, {129, 9}, {256, 9}, {257, 10}};
            for (int[] pair : sizeToList) {
                assertThat(allocator.listOf(pair[0])).as("list of %d cells", pair[0]).isEqualTo(pair[1]);
            }
        }
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator custom = segregated(heap, 3, 10, 11);
            int[][] customSizeToList = {{1, 1}, {3, 1}, {4, 2}, {10, 2}, {11, 3}, {12, 4}, {256, 4}};
            for (int[] pair : customSizeToList) {
                assertThat(custom.listOf(pair[0])).as("list of %d cells, bounds 3/10/11", pair[0])
                        .isEqualTo(pair[1]);
            }
        }
    }

    /** The powers of two find a size's list by a bit scan: the list a search of the same table finds. */
    @Property(tries = 2000)
    void thePowersTableFindsTheListTheSearchFinds(@ForAll @IntRange(min = 1, max = (1 << 29) - 1) int cells) {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator powers = segregated(heap);
            int[] table = powers.bounds();
            for (int size : new int[] {cells, Integer.highestOneBit(cells), Integer.highestOneBit(cells) + 1,
                    Math.max(1, Integer.highestOneBit(cells) - 1)}) {
                int search = java.util.Arrays.binarySearch(table, size);
                assertThat(powers.listOf(size)).as("list of %d cells", size)
                        .isEqualTo((search >= 0 ? search : -search - 1) + 1);
            }
        }
    }

    @Test
    void freedBlocksOfABoundAndOneMoreGoToAdjacentLists() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            long[] b = fill(allocator, 4, 1, 5, 1, 8, 1, 9, 227);
            allocator.free(b[0], bytesFor(4));
            allocator.free(b[2], bytesFor(5));
            allocator.free(b[4], bytesFor(8));
            allocator.free(b[6], bytesFor(9));
            assertThat(allocator.blocksIn(3)).as("4 cells: 2 < 4 <= 4").containsExactly(0);
            assertThat(allocator.blocksIn(4)).as("5 and 8 cells, the last freed first").containsExactly(11, 5);
            assertThat(allocator.blocksIn(5)).as("9 cells: 8 < 9 <= 16").containsExactly(20);
            allocator.verify();
        }
    }

    @Test
    void aRequestTakesTheFirstBlockOfTheNextListOverAnExactFitInItsOwn() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            long[] b = fill(allocator, 3, 1, 8, 244);
            allocator.free(b[0], bytesFor(3)); // list 3: 3..4 cells
            allocator.free(b[2], bytesFor(8)); // list 4: 5..8 cells
            long[] got = request(allocator, 3); // i = 3: list 4 first
            assertThat(got[0]).isEqualTo(at(4));
            assertThat(got[1]).as("searches").isEqualTo(1);
            assertThat(allocator.blocksIn(4)).as("the rest, 5 cells").containsExactly(7);
            assertThat(allocator.blocksIn(3)).containsExactly(0);
            allocator.verify();
        }
    }

    @Test
    void aRequestOfABoundLooksAboveItAndOneMoreCellLooksAboveTheNext() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            long[] b = fill(allocator, 5, 1, 250);
            allocator.free(b[0], bytesFor(5)); // list 4
            long[] four = request(allocator, 4); // i = 3: list 4 at once
            assertThat(four).containsExactly(at(0), 1);
            allocator.free(four[0], bytesFor(4)); // merges back into 5 cells
            long[] five = request(allocator, 5); // i = 4: lists 5..9 empty, then list 4 searched
            assertThat(five).containsExactly(at(0), 5 + 1);
            allocator.verify();
        }
    }

    @Test
    void whenEveryListAboveIsEmptyItsOwnListIsSearchedForTheFirstBlockLargeEnough() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            long[] b = fill(allocator, 3, 1, 4, 248);
            allocator.free(b[2], bytesFor(4));
            allocator.free(b[0], bytesFor(3));
            assertThat(allocator.blocksIn(3)).containsExactly(0, 4);
            long[] got = request(allocator, 4); // lists 4..9 (6), then 3 cells too small (1), then 4 cells (1)
            assertThat(got).containsExactly(at(4), 6 + 2);
            long[] none = request(allocator, 4); // lists 4..9 (6), the 3 cells (1)
            assertThat(none).containsExactly(Allocator.NO_FIT, 6 + 1);
            long[] small = request(allocator, 1); // list 2 empty (1), list 3's head (1)
            assertThat(small).containsExactly(at(0), 2);
            assertThat(allocator.blocksIn(2)).as("the rest, 2 cells").containsExactly(1);
            allocator.verify();
        }
    }

    @Test
    void searchesCountEveryListLookedAtEmptyOnesIncluded() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            assertThat(request(allocator, 1)).as("lists 2..9, the block in 9").containsExactly(at(0), 8);
            assertThat(request(allocator, 3)).as("lists 4..9: the rest, 255 cells, in 9").containsExactly(at(1), 6);
            assertThat(request(allocator, 252)).as("list 9 only: 252 cells fit").containsExactly(at(4), 1);
            assertThat(request(allocator, 1)).as("lists 2..9 empty, list 1 empty").containsExactly(Allocator.NO_FIT,
                    8 + 1);
            assertThat(request(allocator, 300)).as("above the arena: its own empty list")
                    .containsExactly(Allocator.NO_FIT, 1);
            allocator.verify();
        }
    }

    @Test
    void inAGrowableHeapTheListsSearchedRiseWithTheArena() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            SegregatedStorageAllocator allocator = segregated(heap);
            assertThat(request(allocator, 1)).as("an empty arena: list 1, then a page").containsExactly(at(0), 1);
            assertThat(allocator.lists()).as("a page of 256 cells").isEqualTo(9);
            assertThat(request(allocator, 1)).as("lists 2..9").containsExactly(at(1), 8);
            allocator.allocate(bytesFor(300));
            assertThat(allocator.arenaCells()).isEqualTo(512);
            assertThat(allocator.lists()).isEqualTo(10);
            assertThat(request(allocator, 1)).as("lists 2..9: the rest, 210 cells, in 9").containsExactly(at(302), 8);
            assertThat(request(allocator, 250)).as("list 10 empty, 209 cells in 9 too small; then it grows")
                    .containsExactly(at(303), 2);
            allocator.verify();
        }
    }

    @Test
    void aCustomTableChangesTheListARequestTakesFrom() {
        for (int[] bounds : new int[][] {{}, {8}}) {
            try (Heap heap = heap(CELLS * CELL)) {
                SegregatedStorageAllocator allocator = segregated(heap, bounds);
                long[] b = fill(allocator, 2, 1, 5, 248);
                allocator.free(b[2], bytesFor(5));
                allocator.free(b[0], bytesFor(2));
                long[] got = request(allocator, 2);
                if (bounds.length == 0) {
                    // i = 2: list 3 (3..4) empty, list 4 (5..8) holds the 5 cells
                    assertThat(got).containsExactly(at(3), 2);
                } else {
                    // lists (0, 8] and (8, ...): i = 1, list 2 empty, list 1 searched: 2 cells at its head
                    assertThat(allocator.lists()).isEqualTo(2);
                    assertThat(got).containsExactly(at(0), 2);
                }
                allocator.verify();
            }
        }
    }

    @Test
    void blocksAboveTheLastBoundShareTheLastList() {
        try (Heap heap = heap(CELLS * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap, 1, 2, 4);
            assertThat(allocator.lists()).isEqualTo(4);
            long[] b = fill(allocator, 5, 1, 20, 230);
            allocator.free(b[2], bytesFor(20));
            allocator.free(b[0], bytesFor(5));
            assertThat(allocator.blocksIn(4)).containsExactly(0, 6);
            assertThat(request(allocator, 10)).as("i = 4, the last: searched, 5 cells then 20")
                    .containsExactly(at(6), 2);
            allocator.verify();
        }
    }

    // ---- the provider

    @Test
    void theProviderMakesTheDefaultTableOrTheOneGiven() {
        AllocatorProvider provider = new SegregatedStorageAllocatorProvider();
        assertThat(provider.name()).isEqualTo("segregated");
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("bounds=powers", "cell=16");
        try (Heap heap = heap(Heap.GROWABLE)) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("segregated")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((SegregatedStorageAllocator) made).bounds()).startsWith(1, 2, 4, 8).endsWith(1 << 28);
            assertThat(((SegregatedStorageAllocator) made).cellSize()).isEqualTo(16);
        }
        try (Heap heap = heap(Heap.GROWABLE)) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("segregated:bounds=4/16,cell=32")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((SegregatedStorageAllocator) made).bounds()).containsExactly(4, 16);
            assertThat(((SegregatedStorageAllocator) made).cellSize()).isEqualTo(32);
        }
    }

    @Test
    void badTablesFailAsOneLineSpecErrors() {
        AllocatorProvider provider = new SegregatedStorageAllocatorProvider();
        String expected = " (expected: positive cell counts separated by '/', each larger than the one before, like"
                + " 1/2/4/8, or 'powers')";
        String[][] cases = {
                {"1/4/3", "segregated: bounds=1/4/3: 3 does not exceed 4" + expected},
                {"2/2", "segregated: bounds=2/2: 2 does not exceed 2" + expected},
                {"0/1", "segregated: bounds=0/1: 0 is not positive" + expected},
                {"-1", "segregated: bounds=-1: -1 is not positive" + expected},
                {"1/x/4", "segregated: bounds=1/x/4: 'x' is not a cell count" + expected},
                {"1//4", "segregated: bounds=1//4: '' is not a cell count" + expected},
                {"1/2/", "segregated: bounds=1/2/: '' is not a cell count" + expected},
                {"pow", "segregated: bounds=pow: 'pow' is not a cell count" + expected}};
        try (Heap heap = heap(Heap.GROWABLE)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            for (String[] c : cases) {
                assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("segregated:bounds="
                        + c[0])), setup)).isInstanceOf(SpecException.class).hasMessage(c[1]);
            }
            assertThatThrownBy(() -> new SegregatedStorageAllocator(setup, CELL, new int[] {4, 4}))
                    .isInstanceOf(SpecException.class).hasMessage("segregated: bounds=4/4: 4 does not exceed 4"
                            + expected);
            assertThatThrownBy(() -> new SegregatedStorageAllocator(setup, CELL, new int[0]))
                    .isInstanceOf(SpecException.class).hasMessage("segregated: bounds=: no bounds" + expected);
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("segregated:cell=24")),
                    setup)).isInstanceOf(SpecException.class).hasMessageStartingWith("cell: 24 (expected:");
            // bounds are separated by '/': a comma list is one value, refused by the bounds' own check
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("segregated:bounds=1,2")),
                    setup)).isInstanceOf(SpecException.class).hasMessageStartingWith("segregated: bounds=1,2: '1,2'");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("segregated:lists=4")))
                    .isInstanceOf(SpecException.class).hasMessageContaining("unknown option 'lists'");
        }
    }

    // ---- the paper's algorithm as a model

    /**
     * The paper's algorithm on plain collections: free blocks by start, each list head first; every block that
     * becomes free (a split's rest, a freed block merged with its neighbours) goes to the head of its list.
     */
    private static final class Model {
        final int[] bounds;
        final int arena;
        final TreeMap<Integer, Integer> free = new TreeMap<>();
        final List<List<Integer>> lists = new ArrayList<>();
        long searches;

        Model(int[] bounds, int arena) {
            this.bounds = bounds;
            this.arena = arena;
            for (int j = 0; j <= bounds.length; j++) {
                lists.add(new ArrayList<>());
            }
            add(0, arena);
        }

        int list(int cells) {
            int j = 0;
            while (j < bounds.length && bounds[j] < cells) {
                j++;
            }
            return j;
        }

        void add(int start, int cells) {
            free.put(start, cells);
            lists.get(list(cells)).addFirst(start);
        }

        void remove(int start) {
            lists.get(list(free.remove(start))).remove(Integer.valueOf(start));
        }

        int allocate(int cells) {
            int own = list(cells);
            int block = -1;
            for (int j = own + 1; j <= list(arena) && block < 0; j++) {
                searches++;
                block = lists.get(j).isEmpty() ? -1 : lists.get(j).getFirst();
            }
            if (block < 0) {
                List<Integer> mine = lists.get(own);
                searches += Math.max(1, mine.size());
                for (int j = 0; j < mine.size() && block < 0; j++) {
                    if (free.get(mine.get(j)) >= cells) {
                        block = mine.get(j);
                        searches -= mine.size() - j - 1;
                    }
                }
            }
            if (block >= 0) {
                int have = free.get(block);
                remove(block);
                if (have > cells) {
                    add(block + cells, have - cells);
                }
            }
            return block;
        }

        void free(int start, int cells) {
            Map.Entry<Integer, Integer> left = free.lowerEntry(start);
            if (left != null && left.getKey() + left.getValue() == start) {
                remove(left.getKey());
                start = left.getKey();
                cells += left.getValue();
            }
            Integer right = free.get(start + cells);
            if (right != null) {
                remove(start + cells);
                cells += right;
            }
            add(start, cells);
        }
    }

    @Provide
    Arbitrary<int[]> tables() {
        Arbitrary<int[]> custom = Arbitraries.integers().between(1, 300).set().ofMinSize(1).ofMaxSize(12)
                .map(set -> new TreeSet<>(set).stream().mapToInt(Integer::intValue).toArray());
        return Arbitraries.oneOf(Arbitraries.just(new int[0]), custom);
    }

    @Provide
    Arbitrary<List<Integer>> sequences() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(300).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * Every request gets the block the paper's algorithm chooses, with the same searches, and every list holds the
     * same blocks in the same order, for any table, in bounded heaps of 128, 256 and 512 cells.
     */
    @Property(tries = 200)
    void randomSequencesFollowThePapersAlgorithmExactly(@ForAll("tables") int[] bounds,
            @ForAll("sequences") List<Integer> ops) {
        int arena = 128 << ops.size() % 3;
        try (Heap heap = heap((long) arena * CELL)) {
            SegregatedStorageAllocator allocator = segregated(heap, bounds);
            Model model = new Model(bounds.length == 0 ? allocator.bounds() : bounds, arena);
            TreeMap<Integer, Integer> live = new TreeMap<>();
            List<Integer> order = new ArrayList<>();
            for (int op : ops) {
                if (!order.isEmpty() && op % 10 < 4) {
                    int start = order.remove((op >>> 4) % order.size());
                    int cells = live.remove(start);
                    allocator.free(at(start), bytesFor(cells));
                    model.free(start, cells);
                } else {
                    int cells = 1 + (op >>> 4) % (op % 10 == 9 ? arena + 10 : 24);
                    long address = allocator.allocate(bytesFor(cells));
                    int block = model.allocate(cells);
                    assertThat(address).as("%d cells", cells).isEqualTo(block < 0 ? Allocator.NO_FIT : at(block));
                    assertThat(allocator.searches()).as("searches after %d cells", cells).isEqualTo(model.searches);
                    if (block >= 0) {
                        live.put(block, cells);
                        order.add(block);
                    }
                }
                for (int i = 1; i <= model.lists.size(); i++) {
                    assertThat(allocator.blocksIn(i)).as("list %d", i)
                            .containsExactly(model.lists.get(i - 1).stream().mapToInt(Integer::intValue).toArray());
                }
            }
            allocator.verify();
        }
    }
}
