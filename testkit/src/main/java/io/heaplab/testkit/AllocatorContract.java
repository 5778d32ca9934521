package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The contract every allocation strategy keeps, whatever its policy; a strategy's test extends this class and
 * implements {@link #create}.
 *
 * <p>Each case can fail for a broken strategy: a block outside the heap or overlapping a live one (checked with
 * {@link LiveBlocks}), bookkeeping that tramples a live block's data, an exception or a block where a full
 * bounded heap must answer {@link Allocator#NO_FIT}, a rejection from a heap that can grow, space that cannot be
 * had again once everything is freed, addresses that depend on more than the setup and its seed, a failing
 * {@link Allocator#verify()}, or {@link Allocator#searches()} and {@link Allocator#heldBytes()} that are neither
 * -1 nor counts consistent with the live blocks.
 *
 * <p>A strategy that serves {@link AllocatorSetup#VARIED} sizes is asked for blocks of many sizes; one that
 * serves a single block size (see {@link #servesVariedSizes}) is tested with blocks of {@value #SMALL_BLOCK} and
 * {@value #LARGE_BLOCK} bytes. Heaps have pages of {@value #PAGE_SIZE} bytes; a bounded one holds
 * {@value #BOUNDED_PAGES} pages.
 */
public abstract class AllocatorContract {

    /** The page size of every heap the contract builds. */
    protected static final int PAGE_SIZE = 4096;
    /** Pages in a bounded heap: room for a few hundred blocks, so filling it is quick. */
    protected static final int BOUNDED_PAGES = 16;
    /** The smaller block size a strategy of one block size is tested with. */
    protected static final int SMALL_BLOCK = 16;
    /** The larger block size: not a power of two, so blocks do not tile a page exactly. */
    protected static final int LARGE_BLOCK = 200;

    private static final long BOUNDED = (long) BOUNDED_PAGES * PAGE_SIZE;
    /** The seed of every setup, so a strategy that chooses at random chooses the same way each time. */
    private static final long SEED = 42;

    /** The strategy under test, managing {@code setup}'s heap. */
    protected abstract Allocator create(AllocatorSetup setup);

    /**
     * Whether the strategy takes a setup of {@link AllocatorSetup#VARIED} block sizes; false for one that serves
     * a single block size (Brent's STACK), which is then tested with fixed sizes only.
     */
    protected boolean servesVariedSizes() {
        return true;
    }

    /**
     * The alignment every block's address keeps: 8 bytes, as {@code malloc}'s word alignment, unless the strategy
     * hands out exactly the bytes asked for (the course report's allocator with {@code align=1}).
     */
    protected int alignment() {
        return 8;
    }

    /** The block sizes of the setups the strategy is tested with. */
    private long[] blockSizes() {
        return servesVariedSizes() ? new long[] {AllocatorSetup.VARIED} : new long[] {SMALL_BLOCK, LARGE_BLOCK};
    }

    private static Heap newHeap(long capacity) {
        return new Heap(PAGE_SIZE, capacity, new ReferenceRecorder(List.of()), true);
    }

    /**
     * A request under a setup of {@code blockSize}: that size for a strategy of one size; otherwise mostly small
     * blocks and now and then one of up to three pages, so some blocks cross pages.
     */
    private static long requestSize(long blockSize, int draw) {
        if (blockSize != AllocatorSetup.VARIED) {
            return blockSize;
        }
        int size = draw >>> 8;
        return (draw & 0xFF) < 16 ? 1 + size % (3 * PAGE_SIZE) : 1 + size % 256;
    }

    @Test
    void everyBlockLiesInsideTheHeapApartFromTheOthersAndKeepsItsData() {
        for (long blockSize : blockSizes()) {
            for (long capacity : new long[] {BOUNDED, Heap.GROWABLE}) {
                try (Heap heap = newHeap(capacity)) {
                    Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
                    LiveBlocks live = new LiveBlocks(heap, alignment());
                    SplittableRandom random = new SplittableRandom(capacity);
                    for (int i = 0; i < 2000; i++) {
                        if (live.size() > 0 && random.nextInt(100) < 45) {
                            free(allocator, live, random.nextInt(live.size()));
                        } else {
                            long size = requestSize(blockSize, random.nextInt(Integer.MAX_VALUE));
                            long address = allocator.allocate(size);
                            if (address == Allocator.NO_FIT) {
                                assertThat(heap.isBounded()).as("a growable heap rejected %d bytes", size).isTrue();
                            } else {
                                live.add(address, size);
                            }
                        }
                        if (i % 97 == 0) {
                            allocator.verify();
                        }
                    }
                    live.checkAll();
                    allocator.verify();
                }
            }
        }
    }

    @Test
    void aFullBoundedHeapAnswersNoFitInsteadOfThrowing() {
        for (long blockSize : blockSizes()) {
            try (Heap heap = newHeap(BOUNDED)) {
                Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
                LiveBlocks live = new LiveBlocks(heap, alignment());
                long size = blockSize == AllocatorSetup.VARIED ? 48 : blockSize;
                // disjoint blocks of at least size bytes inside the capacity: no more than this many fit
                long most = BOUNDED / size;
                long address;
                while ((address = allocator.allocate(size)) != Allocator.NO_FIT) {
                    live.add(address, size);
                    assertThat((long) live.size()).as("blocks of %d bytes in %d bytes", size, BOUNDED)
                            .isLessThanOrEqualTo(most);
                }
                assertThat(live.size()).as("blocks before the heap was full").isPositive();
                assertThat(allocator.allocate(size)).as("asked again").isEqualTo(Allocator.NO_FIT);
                if (blockSize == AllocatorSetup.VARIED) {
                    // bigger than the whole heap: it cannot fit, whatever the strategy
                    assertThat(allocator.allocate(BOUNDED + 1)).isEqualTo(Allocator.NO_FIT);
                    assertThat(allocator.allocate(1L << 40)).isEqualTo(Allocator.NO_FIT);
                    // a smaller request may still find a gap; it must not throw, and a block must be sound
                    for (long small : new long[] {1, 8, 24}) {
                        long answer = allocator.allocate(small);
                        if (answer != Allocator.NO_FIT) {
                            live.add(answer, small);
                        }
                    }
                }
                assertThat(heap.size()).isLessThanOrEqualTo(BOUNDED);
                live.checkAll();
                allocator.verify();
            }
        }
    }

    @Test
    void aGrowableHeapNeverRejects() {
        for (long blockSize : blockSizes()) {
            try (Heap heap = newHeap(Heap.GROWABLE)) {
                Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
                LiveBlocks live = new LiveBlocks(heap, alignment());
                SplittableRandom random = new SplittableRandom(5);
                for (int round = 0; round < 3; round++) {
                    // more than a bounded heap holds, and (for varied sizes) blocks of many pages
                    for (int i = 0; i < 400; i++) {
                        long size = requestSize(blockSize, random.nextInt(Integer.MAX_VALUE));
                        live.add(allocator.allocate(size), size);
                    }
                    while (live.size() > 200) {
                        free(allocator, live, random.nextInt(live.size()));
                    }
                }
                if (blockSize == AllocatorSetup.VARIED) {
                    long huge = 64L * PAGE_SIZE;
                    live.add(allocator.allocate(huge), huge);
                }
                live.checkAll();
                allocator.verify();
            }
        }
    }

    @Test
    void freeingEverythingAndAllocatingAgainWorks() {
        for (long blockSize : blockSizes()) {
            try (Heap heap = newHeap(Heap.GROWABLE)) {
                Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
                LiveBlocks live = new LiveBlocks(heap, alignment());
                SplittableRandom random = new SplittableRandom(11);
                for (int round = 0; round < 3; round++) {
                    for (int i = 0; i < 300; i++) {
                        long size = requestSize(blockSize, random.nextInt(Integer.MAX_VALUE));
                        live.add(allocator.allocate(size), size);
                    }
                    while (live.size() > 0) {
                        free(allocator, live, random.nextInt(live.size()));
                    }
                    allocator.verify();
                    assertThat(allocator.heldBytes()).as("bytes held with nothing live").isIn(-1L, 0L);
                }
            }
        }
    }

    @Test
    void theSameSetupAndSeedGiveTheSameAddresses() {
        for (long blockSize : blockSizes()) {
            for (long capacity : new long[] {BOUNDED, Heap.GROWABLE}) {
                List<Long> first = addressesOfAScriptedRun(blockSize, capacity);
                List<Long> second = addressesOfAScriptedRun(blockSize, capacity);
                assertThat(first).as("a script's addresses").hasSizeGreaterThan(100);
                assertThat(second).as("the same script's addresses again").isEqualTo(first);
            }
        }
    }

    /** Plays one fixed script of requests and frees on a fresh heap; returns every answer, NO_FIT included. */
    private List<Long> addressesOfAScriptedRun(long blockSize, long capacity) {
        try (Heap heap = newHeap(capacity)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
            List<Long> answers = new ArrayList<>();
            List<long[]> live = new ArrayList<>();
            SplittableRandom random = new SplittableRandom(3);
            for (int i = 0; i < 1500; i++) {
                if (!live.isEmpty() && random.nextInt(100) < 40) {
                    long[] block = live.remove(random.nextInt(live.size()));
                    allocator.free(block[0], block[1]);
                } else {
                    long size = requestSize(blockSize, random.nextInt(Integer.MAX_VALUE));
                    long address = allocator.allocate(size);
                    answers.add(address);
                    if (address != Allocator.NO_FIT) {
                        live.add(new long[] {address, size});
                    }
                }
            }
            return answers;
        }
    }

    @Test
    void searchesAndHeldBytesAreUnknownOrCountsThatAgreeWithTheLiveBlocks() {
        for (long blockSize : blockSizes()) {
            try (Heap heap = newHeap(BOUNDED)) {
                Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
                allocator.verify();
                assertThat(allocator.heldBytes()).as("bytes held by a fresh allocator").isIn(-1L, 0L);
                Counters counters = new Counters(allocator);
                LiveBlocks live = new LiveBlocks(heap, alignment());
                SplittableRandom random = new SplittableRandom(17);
                long requested = 0;
                for (int i = 0; i < 1500; i++) {
                    if (live.size() > 0 && random.nextInt(100) < 40) {
                        requested -= free(allocator, live, random.nextInt(live.size()));
                    } else {
                        long size = requestSize(blockSize, random.nextInt(Integer.MAX_VALUE));
                        long address = allocator.allocate(size);
                        if (address != Allocator.NO_FIT) {
                            live.add(address, size);
                            requested += size;
                        }
                    }
                    counters.check(requested);
                }
                while (live.size() > 0) {
                    requested -= free(allocator, live, 0);
                }
                counters.check(requested);
                assertThat(allocator.heldBytes()).as("bytes held after everything was freed").isIn(-1L, 0L);
                allocator.verify();
            }
        }
    }

    /**
     * Follows {@link Allocator#searches()} and {@link Allocator#heldBytes()}: each is -1 throughout (the strategy
     * does not keep it) or a count throughout; searches never go down; held bytes cover the requested ones.
     */
    private static final class Counters {
        private final Allocator allocator;
        private final boolean searchesKnown;
        private final boolean heldKnown;
        private long searches;

        Counters(Allocator allocator) {
            this.allocator = allocator;
            this.searches = allocator.searches();
            this.searchesKnown = searches != -1;
            this.heldKnown = allocator.heldBytes() != -1;
            assertThat(searches).as("searches of a fresh allocator").isGreaterThanOrEqualTo(-1);
        }

        void check(long requestedLive) {
            long now = allocator.searches();
            if (searchesKnown) {
                assertThat(now).as("searches so far, counted before as %d", searches).isGreaterThanOrEqualTo(searches);
            } else {
                assertThat(now).as("searches of a strategy that did not count them").isEqualTo(-1);
            }
            searches = now;
            long held = allocator.heldBytes();
            if (heldKnown) {
                assertThat(held).as("bytes held for %d requested live bytes", requestedLive)
                        .isGreaterThanOrEqualTo(requestedLive);
            } else {
                assertThat(held).as("bytes held by a strategy that did not count them").isEqualTo(-1);
            }
        }
    }

    /**
     * Random sequences of requests and frees, in a heap of 4 or 16 pages or a growable one, checked against
     * {@link LiveBlocks} after every step: blocks inside the heap and apart, data intact, {@code verify()}
     * passing, {@link Allocator#NO_FIT} only from a bounded heap, and held bytes covering the requested ones;
     * freeing what is left ends with nothing held.
     */
    @Property(tries = 50)
    void randomAllocateFreeSequencesKeepEveryBlockSound(
            @ForAll @Size(max = 250) List<@IntRange(min = 0, max = Integer.MAX_VALUE) Integer> operations,
            @ForAll @IntRange(min = 0, max = 2) int heapKind,
            @ForAll boolean largerBlocks) {
        long[] blockSizes = blockSizes();
        long blockSize = blockSizes[largerBlocks ? blockSizes.length - 1 : 0];
        long capacity = switch (heapKind) {
            case 0 -> 4L * PAGE_SIZE;
            case 1 -> BOUNDED;
            default -> Heap.GROWABLE;
        };
        try (Heap heap = newHeap(capacity)) {
            Allocator allocator = create(new AllocatorSetup(heap, blockSize, SEED));
            LiveBlocks live = new LiveBlocks(heap, alignment());
            long requested = 0;
            for (int op : operations) {
                if (live.size() > 0 && op % 10 < 4) {
                    requested -= free(allocator, live, (op >>> 4) % live.size());
                } else {
                    long size = requestSize(blockSize, op);
                    long address = allocator.allocate(size);
                    if (address == Allocator.NO_FIT) {
                        assertThat(heap.isBounded()).as("a growable heap rejected %d bytes", size).isTrue();
                    } else {
                        live.add(address, size);
                        requested += size;
                    }
                }
                allocator.verify();
                long held = allocator.heldBytes();
                if (held != -1) {
                    assertThat(held).as("bytes held").isGreaterThanOrEqualTo(requested);
                }
            }
            live.checkAll();
            while (live.size() > 0) {
                free(allocator, live, live.size() - 1);
            }
            allocator.verify();
            assertThat(allocator.heldBytes()).isIn(-1L, 0L);
        }
    }

    /** Checks and frees the {@code index}-th live block, with the size it was requested with; returns that size. */
    private static long free(Allocator allocator, LiveBlocks live, int index) {
        long address = live.addressAt(index);
        long size = live.sizeOf(address);
        live.removeAt(index);
        allocator.free(address, size);
        return size;
    }
}
