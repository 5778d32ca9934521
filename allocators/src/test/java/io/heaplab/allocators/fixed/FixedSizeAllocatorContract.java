package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.AllocatorContract;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract every fixed-size strategy keeps beyond the generic {@link AllocatorContract}, which it runs with
 * fixed block sizes only; a strategy's test extends this and overrides {@link #create}.
 *
 * <p>Each case can fail for a broken strategy: blocks outside the heap, in a metadata page, off a block boundary
 * or across a page; overlapping live blocks; bookkeeping that tramples live data; freed space never found again,
 * or found only after the heap grew; an exception where a full bounded heap should answer
 * {@link Allocator#NO_FIT}; a bad setup accepted. Heap sizes are counted in pages of blocks plus the metadata
 * pages the strategy declares (see {@link #heapPagesFor}).
 */
public abstract class FixedSizeAllocatorContract extends AllocatorContract {

    /** Page size and block size pairs: tiny pages to cross many of them, tails, one block a page, Brent's 6 B. */
    private static final int[][] GEOMETRIES = {{64, 4}, {64, 6}, {64, 24}, {64, 64}, {512, 6}, {4096, 16}};

    /** The strategy under test, for {@code setup}; the generic contract runs it too. */
    @Override
    protected abstract Allocator create(AllocatorSetup setup);

    /** Every fixed-size strategy refuses varied sizes: {@link #aWorkloadOfVariedSizesFailsAtCreation} checks it. */
    @Override
    protected final boolean servesVariedSizes() {
        return false;
    }

    /** Whether a freed block can be handed out again; false for NOFREE. */
    protected boolean reusesFreedBlocks() {
        return true;
    }

    /**
     * How many heap pages {@code dataPages} pages of blocks take for the strategy, its metadata pages included.
     * The default asks a {@link FixedSizeAllocator} (see {@link FixedSizeAllocator#heapPagesFor}); a strategy
     * that is not one keeps no metadata pages unless it overrides this.
     */
    protected long heapPagesFor(int pageSize, int blockSize, long dataPages) {
        try (Heap probe = newHeap(pageSize, Heap.GROWABLE)) {
            return create(new AllocatorSetup(probe, blockSize)) instanceof FixedSizeAllocator fixed
                    ? fixed.heapPagesFor(dataPages) : dataPages;
        }
    }

    /** A heap that records into no sink and does not page the allocator's references. */
    protected static Heap newHeap(int pageSize, long capacity) {
        return new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), false);
    }

    static Stream<Arguments> geometries() {
        return Stream.of(GEOMETRIES).map(g -> Arguments.of(g[0], g[1]));
    }

    @ParameterizedTest(name = "p={0} s={1}")
    @MethodSource("geometries")
    void everyBlockLiesInsideTheHeapOnABlockBoundaryWithinOnePage(int pageSize, int blockSize) {
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            int c = pageSize / blockSize;
            for (int i = 0; i < 3 * c + 1; i++) {
                live.add(allocator.allocate(blockSize));
            }
            assertThat(heap.size()).isEqualTo(heapPagesFor(pageSize, blockSize, 4) * pageSize);
            allocator.verify();
        }
    }

    @ParameterizedTest(name = "p={0} s={1}")
    @MethodSource("geometries")
    void liveBlocksNeverOverlap(int pageSize, int blockSize) {
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < 3000; i++) {
                if (live.size() > 0 && random.nextInt(100) < 45) {
                    allocator.free(live.removeAt(random.nextInt(live.size())), blockSize);
                } else {
                    live.add(allocator.allocate(blockSize));
                }
            }
            live.checkAll();
            allocator.verify();
        }
    }

    @ParameterizedTest(name = "p={0} s={1}")
    @MethodSource("geometries")
    void dataInALiveBlockSurvivesOtherAllocationsAndFrees(int pageSize, int blockSize) {
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            int n = 2 * (pageSize / blockSize) + 3;
            for (int i = 0; i < n; i++) {
                live.add(allocator.allocate(blockSize));
            }
            // free every other block (their links land next to live data), then fill the holes again
            for (int i = n - 1; i >= 0; i -= 2) {
                allocator.free(live.removeAt(i), blockSize);
            }
            for (int i = 0; i < n; i++) {
                live.add(allocator.allocate(blockSize));
            }
            live.checkAll();
            allocator.verify();
        }
    }

    @ParameterizedTest(name = "p={0} s={1}")
    @MethodSource("geometries")
    void freedSpaceIsFoundAgainOnlyByAStrategyThatReuses(int pageSize, int blockSize) {
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            int n = 2 * (pageSize / blockSize) + 1;
            Set<Long> first = new HashSet<>();
            for (int i = 0; i < n; i++) {
                first.add(allocator.allocate(blockSize));
            }
            long size = heap.size();
            for (long address : first) {
                allocator.free(address, blockSize);
            }
            LiveBlocks again = new LiveBlocks(heap, blockSize, allocator);
            for (int i = 0; i < n; i++) {
                again.add(allocator.allocate(blockSize));
            }
            if (reusesFreedBlocks()) {
                assertThat(heap.size()).as("heap grew although %d blocks were free", n).isEqualTo(size);
            } else {
                assertThat(again.addresses()).doesNotContainAnyElementsOf(first);
                assertThat(heap.size()).isGreaterThan(size);
            }
            allocator.verify();
        }
    }

    @ParameterizedTest(name = "p={0} s={1}")
    @MethodSource("geometries")
    void aFullBoundedHeapGivesNoFitAndAFreeMakesRoom(int pageSize, int blockSize) {
        // two whole pages of blocks (and their metadata) and half of another page, which no block may use
        long full = heapPagesFor(pageSize, blockSize, 2) * pageSize;
        try (Heap heap = newHeap(pageSize, full + pageSize / 2)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            int c = pageSize / blockSize;
            for (int i = 0; i < 2 * c; i++) {
                live.add(allocator.allocate(blockSize));
            }
            assertThat(allocator.allocate(blockSize)).isEqualTo(Allocator.NO_FIT);
            assertThat(allocator.allocate(blockSize)).isEqualTo(Allocator.NO_FIT);
            assertThat(heap.size()).isEqualTo(full);

            long freed = live.removeAt(live.size() / 2);
            allocator.free(freed, blockSize);
            if (reusesFreedBlocks()) {
                // the one free block is the only place left
                assertThat(allocator.allocate(blockSize)).isEqualTo(freed);
                assertThat(allocator.allocate(blockSize)).isEqualTo(Allocator.NO_FIT);
                live.add(freed);
            } else {
                assertThat(allocator.allocate(blockSize)).isEqualTo(Allocator.NO_FIT);
            }
            live.checkAll();
            allocator.verify();
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 65, 4096})
    void aBlockSizeOutside4ToPageSizeFailsAtCreation(long blockSize) {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            assertThatThrownBy(() -> create(new AllocatorSetup(heap, blockSize)))
                    .isInstanceOf(SpecException.class)
                    .hasMessageMatching("[a-z0-9._-]+: blockSize " + blockSize
                            + " \\(expected: 4 \\.\\. 64 bytes, room for a free-list link[^\\n]*\\)");
        }
    }

    @Test
    void aWorkloadOfVariedSizesFailsAtCreation() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            assertThatThrownBy(() -> create(new AllocatorSetup(heap, AllocatorSetup.VARIED)))
                    .isInstanceOf(SpecException.class)
                    .hasMessageContaining("varied sizes")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void theSmallestAndLargestBlockSizesWork() {
        for (int blockSize : new int[] {4, 64}) {
            try (Heap heap = newHeap(64, Heap.GROWABLE)) {
                Allocator allocator = create(new AllocatorSetup(heap, blockSize));
                LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
                for (int i = 0; i < 40; i++) {
                    live.add(allocator.allocate(blockSize));
                }
                live.checkAll();
                allocator.verify();
            }
        }
    }

    @Test
    void aRequestForAnotherSizeIsAWorkloadBug() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, 8));
            assertThatThrownBy(() -> allocator.allocate(9)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("size 9");
            assertThatThrownBy(() -> allocator.allocate(4)).isInstanceOf(IllegalArgumentException.class);
            // and nothing was disturbed
            new LiveBlocks(heap, 8, allocator).add(allocator.allocate(8));
            allocator.verify();
        }
    }

    @Test
    void aFreshAllocatorHasTakenNothingAndVerifies() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            create(new AllocatorSetup(heap, 8)).verify();
            assertThat(heap.size()).isZero();
        }
    }

    /**
     * Random allocate/free sequences checked against a model of the live blocks as intervals: each block lies in
     * the heap, on a boundary, within a page and apart from every other; its data survives until it is freed;
     * NO_FIT comes only from a bounded heap with no block left to give; and {@code verify()} passes at the end.
     */
    @Property(tries = 200)
    void randomSequencesMatchTheModel(
            @ForAll @IntRange(min = 0, max = 5) int geometry,
            @ForAll boolean bounded,
            @ForAll @Size(min = 60, max = 400) List<@IntRange(min = 0, max = 999) Integer> ops) {
        int pageSize = GEOMETRIES[geometry][0];
        int blockSize = GEOMETRIES[geometry][1];
        int pages = 3;
        long capacityBlocks = (long) pages * (pageSize / blockSize);
        long capacity = bounded ? heapPagesFor(pageSize, blockSize, pages) * pageSize : Heap.GROWABLE;
        try (Heap heap = newHeap(pageSize, capacity)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            long handedOut = 0;
            for (int op : ops) {
                if (op >= 550 && live.size() > 0) {
                    allocator.free(live.removeAt(op % live.size()), blockSize);
                    continue;
                }
                long address = allocator.allocate(blockSize);
                if (address == Allocator.NO_FIT) {
                    assertThat(bounded).as("NO_FIT from a growable heap").isTrue();
                    assertThat(reusesFreedBlocks() ? live.size() : handedOut)
                            .as("NO_FIT while blocks were left").isEqualTo(capacityBlocks);
                    continue;
                }
                handedOut++;
                live.add(address);
            }
            live.checkAll();
            allocator.verify();
        }
    }

    /**
     * Free blocks are found again before the heap grows: an allocation may grow the heap only when every block of
     * the pages obtained so far is in use (for NOFREE: has been handed out), by exactly one page of blocks and its
     * metadata; and after a random history, freeing blocks and allocating as many again leaves the heap as it was.
     */
    @Property(tries = 200)
    void freedBlocksAreReusedBeforeTheHeapGrows(
            @ForAll @IntRange(min = 0, max = 5) int geometry,
            @ForAll @Size(max = 300) List<@IntRange(min = 0, max = 999) Integer> ops,
            @ForAll @IntRange(min = 0, max = 100) int percentFreed) {
        int pageSize = GEOMETRIES[geometry][0];
        int blockSize = GEOMETRIES[geometry][1];
        int c = pageSize / blockSize;
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            long dataPages = 0;
            long handedOut = 0;
            for (int op : ops) {
                if (op >= 500 && live.size() > 0) {
                    allocator.free(live.removeAt(op % live.size()), blockSize);
                    continue;
                }
                long used = reusesFreedBlocks() ? live.size() : handedOut;
                long before = heap.size();
                live.add(allocator.allocate(blockSize));
                handedOut++;
                if (heap.size() != before) {
                    assertThat(used).as("heap grew with free blocks left").isEqualTo(dataPages * c);
                    dataPages++;
                    assertThat(heap.size()).as("heap after growing to %d pages of blocks", dataPages)
                            .isEqualTo(heapPagesFor(pageSize, blockSize, dataPages) * pageSize);
                }
            }
            int k = live.size() * percentFreed / 100;
            Set<Long> freed = new HashSet<>();
            for (int i = 0; i < k; i++) {
                long address = live.removeAt(i * 7919 % live.size());
                freed.add(address);
                allocator.free(address, blockSize);
            }
            long size = heap.size();
            Set<Long> again = new HashSet<>();
            for (int i = 0; i < k; i++) {
                long address = allocator.allocate(blockSize);
                again.add(address);
                live.add(address);
            }
            if (reusesFreedBlocks()) {
                assertThat(heap.size()).as("heap grew although %d blocks were just freed", k).isEqualTo(size);
            } else {
                assertThat(Collections.disjoint(again, freed)).as("a freed block handed out again").isTrue();
            }
            live.checkAll();
            allocator.verify();
        }
    }

    /**
     * The reference model: live blocks as intervals, each filled with a pattern unique to it through the
     * workload's view of the heap, so overlap and trampled data both show.
     */
    protected static final class LiveBlocks {

        private final Heap heap;
        private final int blockSize;
        private final FixedSizeAllocator layout;
        private final TreeMap<Long, Integer> stampByAddress = new TreeMap<>();
        private final List<Long> order = new ArrayList<>();
        private int nextStamp = 1;

        public LiveBlocks(Heap heap, int blockSize) {
            this(heap, blockSize, null);
        }

        /** Also checks that no block lies in a metadata page of {@code allocator}, if it has any. */
        public LiveBlocks(Heap heap, int blockSize, Allocator allocator) {
            this.heap = heap;
            this.blockSize = blockSize;
            this.layout = allocator instanceof FixedSizeAllocator fixed ? fixed : null;
        }

        /** Checks a newly allocated block against the heap and every live one, then fills it. */
        public void add(long address) {
            assertThat(address).as("allocation failed").isNotEqualTo(Allocator.NO_FIT);
            assertThat(address).as("block start").isGreaterThanOrEqualTo(0);
            assertThat(address + blockSize).as("block end of %d", address).isLessThanOrEqualTo(heap.size());
            long offset = address & (heap.pageSize() - 1);
            assertThat(offset % blockSize).as("offset of %d in its page", address).isZero();
            assertThat(offset + blockSize).as("block %d straddles a page", address)
                    .isLessThanOrEqualTo(heap.pageSize());
            if (layout != null && layout.isMetadataPage(address >>> heap.pageShift())) {
                fail("block " + address + " lies in metadata page " + (address >>> heap.pageShift()));
            }
            Map.Entry<Long, Integer> below = stampByAddress.floorEntry(address);
            if (below != null && below.getKey() + blockSize > address) {
                fail("block " + address + " overlaps live block " + below.getKey());
            }
            Long above = stampByAddress.higherKey(address);
            if (above != null && address + blockSize > above) {
                fail("block " + address + " overlaps live block " + above);
            }
            int stamp = nextStamp++;
            fill(address, stamp);
            stampByAddress.put(address, stamp);
            order.add(address);
        }

        /** Checks the data of the {@code index}-th live block and forgets it; returns its address. */
        public long removeAt(int index) {
            long address = order.get(index);
            order.set(index, order.getLast());
            order.removeLast();
            check(address, stampByAddress.remove(address));
            return address;
        }

        /** Checks the data of every live block. */
        public void checkAll() {
            stampByAddress.forEach(this::check);
        }

        public int size() {
            return order.size();
        }

        public Set<Long> addresses() {
            return stampByAddress.keySet();
        }

        private void fill(long address, int stamp) {
            for (int i = 0; i < blockSize; i++) {
                heap.data().setByte(address + i, pattern(stamp, i));
            }
        }

        private void check(long address, int stamp) {
            for (int i = 0; i < blockSize; i++) {
                if (heap.data().getByte(address + i) != pattern(stamp, i)) {
                    fail("data of live block " + address + " changed at byte " + i);
                }
            }
        }

        private static byte pattern(int stamp, int i) {
            return (byte) (stamp * 0x9E3779B1 + i * 31 + (stamp >>> 8));
        }
    }
}
