package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RandomAllocatorTest extends FixedSizeAllocatorContract {

    @Override
    protected Allocator create(AllocatorSetup setup) {
        return new RandomAllocator(setup);
    }

    /** The addresses handed out by RANDOM with {@code seed} under one fixed sequence of requests. */
    private static List<Long> choices(long seed) {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            RandomAllocator random = new RandomAllocator(new AllocatorSetup(heap, 8, seed));
            LiveBlocks live = new LiveBlocks(heap, 8, random);
            SplittableRandom workload = new SplittableRandom(99);
            List<Long> chosen = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                if (live.size() > 0 && workload.nextInt(100) < 45) {
                    random.free(live.removeAt(workload.nextInt(live.size())), 8);
                } else {
                    long address = random.allocate(8);
                    chosen.add(address);
                    live.add(address);
                }
            }
            random.verify();
            return chosen;
        }
    }

    @Test
    void theSameSeedGivesTheSameChoices() {
        assertThat(choices(7)).isEqualTo(choices(7));
    }

    @Test
    void differentSeedsGiveDifferentChoices() {
        assertThat(choices(7)).isNotEqualTo(choices(8));
        assertThat(choices(0)).isNotEqualTo(choices(1));
    }

    /**
     * With a pool of the same 16 blocks before every request, each is drawn with probability 1/16, and so is each
     * pair of consecutive draws 1/256. Chi-square against the 0.1% critical values (15 and 255 degrees of
     * freedom); the seed makes it deterministic. The pairs catch a strategy that merely cycles through the pool.
     */
    @Test
    void drawsAreRoughlyUniform() {
        int c = 16;
        int draws = 256 * 100;
        long[] single = new long[c];
        long[] pairs = new long[c * c];
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            RandomAllocator random = new RandomAllocator(new AllocatorSetup(heap, 4, 20_240_521));
            random.free(random.allocate(4), 4);
            int previous = -1;
            for (int i = 0; i < draws; i++) {
                long address = random.allocate(4);
                random.free(address, 4);
                int slot = (int) ((address - 64) / 4);
                single[slot]++;
                if (previous >= 0) {
                    pairs[previous * c + slot]++;
                }
                previous = slot;
            }
            assertThat(heap.size()).as("one pool page and one data page").isEqualTo(128);
            random.verify();
        }
        assertThat(chiSquare(single, draws / (double) c)).as("chi-square of single draws, 15 dof").isLessThan(37.70);
        assertThat(chiSquare(pairs, (draws - 1) / (double) (c * c))).as("chi-square of pairs, 255 dof")
                .isLessThan(330.5);
    }

    private static double chiSquare(long[] observed, double expected) {
        double sum = 0;
        for (long o : observed) {
            sum += (o - expected) * (o - expected) / expected;
        }
        return sum;
    }

    @Test
    void everyBlockOfAPageIsDrawnBeforeTheHeapGrows() {
        // c = 10 blocks of 6 bytes: the pool (h = 40) takes a metadata page for every data page
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            RandomAllocator random = new RandomAllocator(new AllocatorSetup(heap, 6, 3));
            TreeSet<Long> drawn = new TreeSet<>();
            for (int i = 0; i < 10; i++) {
                drawn.add(random.allocate(6));
            }
            assertThat(drawn).containsExactly(64L, 70L, 76L, 82L, 88L, 94L, 100L, 106L, 112L, 118L);
            assertThat(heap.size()).isEqualTo(128);
            assertThat(random.dataPages()).isEqualTo(1);
            assertThat(random.poolSize()).isZero();
            assertThat(random.allocate(6)).isBetween(192L, 192L + 54);
            assertThat(heap.size()).isEqualTo(256);
            assertThat(random.isMetadataPage(2)).isTrue();
            random.verify();
        }
    }

    @Test
    void keepsItsPoolInTheHeapAsAllocatorReferences() {
        int c = 64 / 8;
        List<Integer> pages = new ArrayList<>();
        ReferenceSink sink = (runs, length) -> {
            for (int i = 0; i < length; i++) {
                pages.add(PageRun.page(runs[i]));
            }
        };
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, true)) {
            // h = 4c = 32: two data pages per metadata page
            RandomAllocator random = new RandomAllocator(new AllocatorSetup(heap, 8, 5));
            long a = random.allocate(8);
            // c entries written for the new page, the drawn one read, and the last moved into its place unless
            // it was the one drawn
            long first = heap.bookkeeping().references();
            assertThat(first).isBetween(c + 1L, c + 3L);
            random.free(a, 8); // one entry written
            assertThat(heap.bookkeeping().references()).isEqualTo(first + 1);
            for (int i = 0; i < c - 1; i++) {
                random.allocate(8);
            }
            long before = heap.bookkeeping().references();
            random.allocate(8); // a pool of one: the entry read, nothing moved
            assertThat(heap.bookkeeping().references()).isEqualTo(before + 1);
            assertThat(recorder.references()).isEqualTo(heap.bookkeeping().references());
            assertThat(heap.data().references()).isZero();
            recorder.flush();
            assertThat(pages).as("every reference is to the pool's page").containsOnly(0);
        }
    }

    @Test
    void poolReferencesStayOutOfTheRecordUnlessCounted() {
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            Allocator random = create(new AllocatorSetup(heap, 8));
            random.free(random.allocate(8), 8);
            assertThat(heap.bookkeeping().references()).isPositive();
            assertThat(recorder.references()).isZero();
        }
    }

    @Test
    void verifyFindsABlockFreedTwice() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator random = create(new AllocatorSetup(heap, 8, 1));
            long a = random.allocate(8);
            random.allocate(8);
            random.free(a, 8);
            random.free(a, 8);
            int block = (int) ((a - 64) / 8);
            assertThatThrownBy(random::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("block " + block + " at address " + a + " is in the pool twice");
        }
    }

    @Test
    void verifyFindsAnEntryOutsideTheHeap() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            RandomAllocator random = new RandomAllocator(new AllocatorSetup(heap, 8, 1));
            random.allocate(8);
            heap.bookkeeping().setInt(random.metadataAddress(0) + 4, 1_000); // entry 1
            assertThatThrownBy(random::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("random: pool entry 1 holds block 1000, outside the heap (expected: 0 .. 7)");
        }
    }

    @Test
    void freeingWhenEveryBlockIsFreeFails() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator random = create(new AllocatorSetup(heap, 8, 1));
            long a = random.allocate(8);
            random.free(a, 8);
            assertThatThrownBy(() -> random.free(a, 8)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("random: address " + a + " (expected: a block in use; every block is free, so it"
                            + " was freed twice)");
            random.verify();
        }
    }

    @Test
    void aBlockInThePoolsPageIsNoBlock() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator random = create(new AllocatorSetup(heap, 8, 1));
            random.allocate(8);
            assertThatThrownBy(() -> random.free(0, 8)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("random: address 0 (expected: the start of a block this allocator handed out)");
        }
    }

    @Test
    void isFoundByItsShortName() {
        AllocatorProvider provider = Plugins.load().allocators().find("random");
        assertThat(provider).isInstanceOf(RandomAllocatorProvider.class);
        assertThat(provider.options()).isEmpty();
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator allocator = provider.create(Options.bind(provider, Spec.parse("random")),
                    new AllocatorSetup(heap, 6, 11));
            assertThat(allocator).isInstanceOf(RandomAllocator.class);
            // Brent's geometry: 85 blocks a page, their 340 bytes of pool in a page of their own
            assertThat(((RandomAllocator) allocator).blocksPerPage()).isEqualTo(85);
            assertThat(((RandomAllocator) allocator).metadataBytesPerPage()).isEqualTo(340);
        }
    }
}
