package io.heaplab.allocators.segregated;

import static io.heaplab.allocators.segregated.HandBuilt.at;
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
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * TLSF's two mappings at the edges of its classes, the head of the first non-empty list at or above the rounded
 * request, exactly one search per request however many blocks are free, the rejection a rounded request makes
 * while a block just below its class would fit, and the options; then a property that predicts every choice from a
 * walk of the heap.
 */
class TlsfAllocatorTest extends VariableSizeAllocatorContract {

    @Override
    protected VariableSizeAllocator create(AllocatorSetup setup) {
        return new TlsfAllocator(setup);
    }

    /** Rounding a request up to its class boundary can miss a block that fits in the class below. */
    @Override
    protected boolean rejectsOnlyWhenNothingFits() {
        return false;
    }

    private static TlsfAllocator tlsf(Heap heap, int sli) {
        return new TlsfAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), CELL, sli);
    }

    private static long[] fill(Allocator allocator, int... cells) {
        return HandBuilt.fill(allocator, CELLS, cells);
    }

    private static long[] request(Allocator allocator, int cells) {
        return HandBuilt.request(allocator, cells);
    }

    /** {@code fl * 2^sli + sl}. */
    private static int list(int sli, int fl, int sl) {
        return fl << sli | sl;
    }

    // ---- the mapping

    @Test
    void aFreeBlockGoesToTheListOfItsExactClass() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            TlsfAllocator four = tlsf(heap, 4);
            int[][] sizeFlSl = {{1, 0, 1}, {15, 0, 15}, {16, 1, 0}, {17, 1, 1}, {31, 1, 15}, {32, 2, 0}, {33, 2, 0},
                    {34, 2, 1}, {63, 2, 15}, {64, 3, 0}, {67, 3, 0}, {68, 3, 1}, {127, 3, 15}, {128, 4, 0},
                    {(1 << 29) - 1, 25, 15}};
            for (int[] c : sizeFlSl) {
                assertThat(four.insertClass(c[0])).as("%d cells, sli 4", c[0]).isEqualTo(list(4, c[1], c[2]));
            }
            TlsfAllocator one = tlsf(heap, 1);
            int[][] sliOne = {{1, 0, 1}, {2, 1, 0}, {3, 1, 1}, {4, 2, 0}, {5, 2, 0}, {6, 2, 1}, {7, 2, 1}, {8, 3, 0},
                    {11, 3, 0}, {12, 3, 1}};
            for (int[] c : sliOne) {
                assertThat(one.insertClass(c[0])).as("%d cells, sli 1", c[0]).isEqualTo(list(1, c[1], c[2]));
            }
            TlsfAllocator five = tlsf(heap, 5);
            int[][] sliFive = {{31, 0, 31}, {32, 1, 0}, {63, 1, 31}, {64, 2, 0}, {65, 2, 0}, {66, 2, 1}};
            for (int[] c : sliFive) {
                assertThat(five.insertClass(c[0])).as("%d cells, sli 5", c[0]).isEqualTo(list(5, c[1], c[2]));
            }
        }
    }

    @Test
    void aRequestLooksFromTheClassItRoundsUpTo() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            TlsfAllocator four = tlsf(heap, 4);
            int[][] sizeFlSl = {{1, 0, 1}, {15, 0, 15}, {16, 1, 0}, {31, 1, 15}, {32, 2, 0}, {33, 2, 1}, {34, 2, 1},
                    {35, 2, 2}, {63, 3, 0}, {64, 3, 0}, {65, 3, 1}, {68, 3, 1}, {69, 3, 2}, {127, 4, 0}};
            for (int[] c : sizeFlSl) {
                assertThat(four.searchClass(c[0])).as("request of %d cells, sli 4", c[0])
                        .isEqualTo(list(4, c[1], c[2]));
            }
            assertThat(four.searchClass((1 << 29) - 1)).as("beyond the last row").isEqualTo(list(4, 26, 0));
            TlsfAllocator one = tlsf(heap, 1);
            int[][] sliOne = {{1, 0, 1}, {2, 1, 0}, {3, 1, 1}, {4, 2, 0}, {5, 2, 1}, {6, 2, 1}, {7, 3, 0}};
            for (int[] c : sliOne) {
                assertThat(one.searchClass(c[0])).as("request of %d cells, sli 1", c[0])
                        .isEqualTo(list(1, c[1], c[2]));
            }
        }
    }

    @Test
    void everyBlockOfTheClassARequestRoundsToFitsIt() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            for (int sli = 1; sli <= TlsfAllocator.MAX_SLI; sli++) {
                TlsfAllocator allocator = tlsf(heap, sli);
                for (int cells = 1; cells < 5000; cells++) {
                    int searched = allocator.searchClass(cells);
                    assertThat(allocator.insertClass(cells)).as("sli %d, %d cells", sli, cells)
                            .isLessThanOrEqualTo(searched);
                    assertThat(allocator.insertClass(cells - 1)).as("sli %d: below %d cells", sli, cells)
                            .isLessThan(searched);
                }
            }
        }
    }

    // ---- the choice

    @Test
    void aRequestTakesTheHeadOfTheFirstNonEmptyListAtOrAboveItsClass() {
        try (Heap heap = heap(CELLS * CELL)) {
            TlsfAllocator allocator = tlsf(heap, 4);
            long[] b = fill(allocator, 40, 1, 100, 1, 34, 1, 35, 1, 42, 1);
            allocator.free(b[0], HandBuilt.bytes(40)); // (2, 4): 40-41 cells
            allocator.free(b[2], HandBuilt.bytes(100)); // (3, 9): 100-103
            allocator.free(b[4], HandBuilt.bytes(34)); // (2, 1): 34-35
            allocator.free(b[6], HandBuilt.bytes(35)); // (2, 1), at the head
            assertThat(allocator.blocksIn(list(4, 2, 1))).containsExactly(177, 142);
            allocator.verify();
            assertThat(request(allocator, 20)).as("(1, 4) and up: (2, 1)'s head, not the best fit, 34 cells")
                    .containsExactly(at(177), 1);
            assertThat(allocator.blocksIn(list(4, 0, 15))).as("the rest, 15 cells").containsExactly(197);
            assertThat(request(allocator, 34)).as("(2, 1): the 34 cells").containsExactly(at(142), 1);
            assertThat(request(allocator, 36)).as("(2, 2) and up: (2, 4), the 40 cells").containsExactly(at(0), 1);
            assertThat(request(allocator, 41)).as("(2, 5) and up: the next row, (3, 9)").containsExactly(at(41), 1);
            assertThat(request(allocator, 200)).as("nothing at (4, 9) or above").containsExactly(Allocator.NO_FIT,
                    1);
            allocator.verify();
        }
    }

    @Test
    void aBlockInTheClassBelowTheRoundedRequestIsNotSeen() {
        try (Heap heap = heap(CELLS * CELL)) {
            TlsfAllocator allocator = tlsf(heap, 4);
            long[] b = fill(allocator, 33, 1, 30, 192);
            allocator.free(b[0], HandBuilt.bytes(33)); // (2, 0): 32-33 cells
            assertThat(allocator.largestFreeBytes()).isEqualTo(33 * CELL);
            assertThat(request(allocator, 33)).as("rounds to (2, 1)").containsExactly(Allocator.NO_FIT, 1);
            assertThat(request(allocator, 32)).as("(2, 0) exactly").containsExactly(at(0), 1);
            allocator.verify();
        }
        try (Heap heap = heap(Heap.GROWABLE)) {
            TlsfAllocator allocator = tlsf(heap, 4);
            long a = allocator.allocate(HandBuilt.bytes(33));
            allocator.allocate(HandBuilt.bytes(223)); // the page's other 223 cells
            allocator.free(a, HandBuilt.bytes(33));
            assertThat(request(allocator, 33)).as("a growable heap grows instead").containsExactly(at(256), 1);
            assertThat(allocator.arenaCells()).isEqualTo(2 * 256);
            allocator.verify();
        }
    }

    /**
     * A growable heap must not reject. Here TLSF's rounding misses the free block at the top of the arena (8703
     * cells, class (10, 0); a request of 8193 cells rounds to (10, 1)): the cell layer must take the top block
     * without growing, although it exceeds the request by more than a page.
     */
    @Test
    void aGrowableHeapServesARequestItsRoundingMissedAtTheTop() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            TlsfAllocator allocator = tlsf(heap, 4);
            allocator.allocate(HandBuilt.bytes(1));
            long big = allocator.allocate(HandBuilt.bytes(8699));
            allocator.free(big, HandBuilt.bytes(8699));
            assertThat(allocator.largestFreeBytes()).isEqualTo(8703L * CELL);
            assertThat(allocator.insertClass(8703)).isLessThan(allocator.searchClass(8193));
            assertThat(allocator.allocate(HandBuilt.bytes(8193))).isNotEqualTo(Allocator.NO_FIT);
            allocator.verify();
        }
    }

    @Test
    void everyRequestCostsOneSearchHoweverManyBlocksAreFree() {
        for (int blocks : new int[] {1, 10, 300}) {
            try (Heap heap = heap(64L * CELLS * CELL)) {
                TlsfAllocator allocator = tlsf(heap, 4);
                SplittableRandom random = new SplittableRandom(blocks);
                List<Long> kept = new ArrayList<>();
                for (int j = 0; j < blocks; j++) {
                    int cells = 1 + random.nextInt(60);
                    kept.add(allocator.allocate(HandBuilt.bytes(cells)));
                    kept.add((long) cells);
                    allocator.allocate(HandBuilt.bytes(1));
                }
                for (int j = 0; j < kept.size(); j += 2) {
                    allocator.free(kept.get(j), HandBuilt.bytes((int) (long) kept.get(j + 1)));
                }
                assertThat(allocator.freeBlocks()).isEqualTo(blocks + 1);
                int rejected = 0;
                for (int j = 0; j < 2000; j++) {
                    int cells = 1 + random.nextInt(j % 10 == 0 ? 20000 : 80);
                    long[] got = request(allocator, cells);
                    assertThat(got[1]).as("searches for %d cells among %d free blocks", cells, blocks).isOne();
                    rejected += got[0] == Allocator.NO_FIT ? 1 : 0;
                }
                assertThat(rejected).isPositive();
                allocator.verify();
            }
        }
    }

    // ---- the provider

    @Test
    void theProviderMakesTlsfWithItsOptions() {
        AllocatorProvider provider = new TlsfAllocatorProvider();
        assertThat(provider.name()).isEqualTo("tlsf");
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("sli=4", "cell=16");
        try (Heap heap = heap(Heap.GROWABLE)) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("tlsf")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((TlsfAllocator) made).sli()).isEqualTo(4);
            assertThat(((TlsfAllocator) made).cellSize()).isEqualTo(16);
        }
        try (Heap heap = heap(Heap.GROWABLE)) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("tlsf:sli=5,cell=64")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((TlsfAllocator) made).sli()).isEqualTo(5);
            assertThat(((TlsfAllocator) made).cellSize()).isEqualTo(64);
        }
    }

    @Test
    void badOptionsFailAsOneLineSpecErrors() {
        AllocatorProvider provider = new TlsfAllocatorProvider();
        try (Heap heap = heap(Heap.GROWABLE)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            // the range fails when the spec is bound, before a strategy is made
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("tlsf:sli=6")))
                    .isInstanceOf(SpecException.class).hasMessage("tlsf: sli=6 (expected: 1..5)");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("tlsf:sli=0")))
                    .isInstanceOf(SpecException.class).hasMessage("tlsf: sli=0 (expected: 1..5)");
            assertThatThrownBy(() -> new TlsfAllocator(setup, CELL, 6)).isInstanceOf(SpecException.class)
                    .hasMessage("tlsf: sli=6 (expected: 1 to 5 second-level bits, 2 to 32 lists per power of two)");
            assertThatThrownBy(() -> new TlsfAllocator(setup, CELL, 0)).isInstanceOf(SpecException.class)
                    .hasMessageStartingWith("tlsf: sli=0 (expected: 1 to 5");
            assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse("tlsf:cell=48")), setup))
                    .isInstanceOf(SpecException.class).hasMessageStartingWith("cell: 48 (expected:");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("tlsf:fli=4")))
                    .isInstanceOf(SpecException.class).hasMessageContaining("unknown option 'fli'");
        }
    }

    // ---- the choice predicted from the heap

    @Provide
    Arbitrary<List<Integer>> sequences() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(300).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * Before each request, a walk of the heap finds the lowest class holding a free block whose every size would
     * fit the request: the request takes that list's head, or is rejected when there is none, at one search.
     */
    @Property(tries = 200)
    void everyRequestTakesTheHeadOfTheLowestNonEmptyClassItMayUse(@ForAll @IntRange(min = 1, max = 5) int sli,
            @ForAll("sequences") List<Integer> ops) {
        try (Heap heap = heap(CELLS * CELL)) {
            TlsfAllocator allocator = tlsf(heap, sli);
            List<long[]> live = new ArrayList<>();
            for (int op : ops) {
                if (!live.isEmpty() && op % 10 < 4) {
                    long[] block = live.remove((op >>> 4) % live.size());
                    allocator.free(block[0], block[1]);
                } else {
                    int cells = 1 + (op >>> 4) % (op % 10 == 9 ? CELLS : 40);
                    int best = Integer.MAX_VALUE;
                    for (int b = 0; b < allocator.arenaCells(); b += allocator.cellsOf(b)) {
                        int size = allocator.cellsOf(b);
                        int found = allocator.insertClass(size);
                        int smallest = size;
                        while (allocator.insertClass(smallest - 1) == found) {
                            smallest--;
                        }
                        if (allocator.isFree(b) && smallest >= cells) {
                            best = Math.min(best, found);
                        }
                    }
                    long expected = best == Integer.MAX_VALUE ? Allocator.NO_FIT : at(allocator.blocksIn(best)[0]);
                    long[] got = request(allocator, cells);
                    assertThat(got).as("%d cells, sli %d", cells, sli).containsExactly(expected, 1);
                    if (got[0] != Allocator.NO_FIT) {
                        live.add(new long[] {got[0], HandBuilt.bytes(cells)});
                    }
                }
                allocator.verify();
            }
        }
    }
}
