package io.heaplab.allocators.mruff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.LiveBlocks;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MRU rule per class, first fit and coalescing of page runs, huge blocks, a full bounded heap, misuse and
 * {@code verify()}. Addresses follow from the layout: with 256-byte pages a group is one metadata page and
 * {@code H = 256 / 24 = 10} data pages (pages 0 | 1..10 | 11 | 12..21 ...); with 64-byte pages, H = 2
 * (0 | 1, 2 | 3 | 4, 5 | 6 ...). Size classes up to half a page; {@code 64} is a class of 4 blocks a 256-byte page.
 */
class MruFirstFitAllocatorTest {

    private static Heap newHeap(int pageSize, long capacity) {
        return new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), false);
    }

    private static MruFirstFitAllocator create(Heap heap) {
        return new MruFirstFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED));
    }

    private static long[] allocate(Allocator allocator, int count, long size) {
        long[] blocks = new long[count];
        for (int i = 0; i < count; i++) {
            blocks[i] = allocator.allocate(size);
        }
        return blocks;
    }

    // ---- the heap it needs

    @Test
    void aHeapBelowTwoPagesIsRefusedAsASpecAndTwoPagesServeASmallBlock() {
        try (Heap heap = newHeap(256, 511)) {
            assertThatThrownBy(() -> create(heap))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("mru-ff: the heap holds 511 bytes, less than two 256-byte pages (expected: room for a"
                            + " metadata page and a data page)");
        }
        try (Heap heap = newHeap(256, 512)) {
            assertThat(create(heap).allocate(8)).isEqualTo(256);
        }
    }

    // ---- the MRU rule

    @Test
    void afterFreesInFullPagesAThenBTheNextCurrentPageIsB() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 4, 64);
            long[] b = allocate(mru, 4, 64);
            assertThat(a).containsExactly(256, 320, 384, 448); // page 1, carved in address order
            assertThat(b).containsExactly(512, 576, 640, 704); // page 2
            mru.free(a[1], 64);
            mru.free(b[2], 64);
            mru.verify();
            assertThat(mru.allocate(64)).as("B was freed into last: head of S3").isEqualTo(b[2]);
            assertThat(mru.allocate(64)).as("B is full again: A is next").isEqualTo(a[1]);
            assertThat(mru.allocate(64)).as("S3 is empty: a page from the page level").isEqualTo(768);
            mru.verify();
        }
    }

    @Test
    void aPageMovesToTheHeadOfS3EachTimeABlockInItIsFreed() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 4, 64);
            long[] b = allocate(mru, 4, 64);
            mru.free(a[1], 64);
            mru.free(b[2], 64);
            mru.free(a[3], 64); // A again: back to the head
            mru.verify();
            assertThat(mru.allocate(64)).isEqualTo(a[3]); // within a page, the last freed block first
            assertThat(mru.allocate(64)).isEqualTo(a[1]);
            assertThat(mru.allocate(64)).isEqualTo(b[2]);
            mru.verify();
        }
    }

    @Test
    void theCurrentPageServesWhileItHasAFreeBlock() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 4, 64);
            assertThat(allocate(mru, 2, 64)).containsExactly(512, 576); // page 2 is current, half used
            mru.free(a[0], 64); // A goes on S3, but the current page comes first
            assertThat(mru.allocate(64)).isEqualTo(640);
            assertThat(mru.allocate(64)).isEqualTo(704);
            assertThat(mru.allocate(64)).isEqualTo(a[0]);
            mru.verify();
        }
    }

    @Test
    void requestsRoundUpToTheirClassAndClassesKeepTheirOwnPages() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            assertThat(mru.allocate(50)).isEqualTo(256);  // class 56
            assertThat(mru.allocate(56)).isEqualTo(312);  // the same class, the same page
            assertThat(mru.allocate(1)).isEqualTo(512);   // class 8: a page of its own
            assertThat(mru.allocate(57)).isEqualTo(768);  // class 64
            assertThat(mru.allocate(8)).isEqualTo(520);
            mru.verify();
        }
    }

    @Test
    void aPageWhoseLastBlockIsFreedGoesBackToThePageLevel() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long a = mru.allocate(64);
            long b = mru.allocate(64);
            mru.free(a, 64);
            mru.free(b, 64); // page 1 was current and is now empty: it leaves the class
            mru.verify();
            long large = mru.allocate(200); // one page, above the class limit of 128
            assertThat(large).isEqualTo(256);
            mru.free(large, 200);
            assertThat(mru.allocate(16)).as("another class gets the page").isEqualTo(256);
            assertThat(heap.size()).isEqualTo(2 * 256);
            mru.verify();
        }
    }

    @Test
    void aFullPageLeavesS3WhenItsLastLiveBlockIsFreed() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 4, 64);
            long[] b = allocate(mru, 4, 64);
            for (long block : a) {
                mru.free(block, 64); // A: S4, then S3, then gone
            }
            mru.free(b[0], 64);
            mru.verify();
            assertThat(mru.allocate(64)).isEqualTo(b[0]);
            assertThat(mru.allocate(64)).as("A went back to the page level, the lowest free page").isEqualTo(256);
            mru.verify();
        }
    }

    // ---- the page level: first fit, coalescing, growth

    @Test
    void largeBlocksReuseAFreedRunByFirstFitAndFreedNeighboursCoalesce() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            long a = mru.allocate(400); // 2 pages
            long b = mru.allocate(700); // 3 pages
            long c = mru.allocate(512); // 2 pages
            long d = mru.allocate(200); // 1 page
            assertThat(new long[] {a, b, c, d}).containsExactly(256, 768, 1536, 2048);
            live.add(d, 200);
            mru.free(b, 700);
            mru.verify();

            long one = mru.allocate(256);
            assertThat(one).as("first fit: the lowest run that holds it, from its low end").isEqualTo(768);
            // 3 pages fit in no free run, and pages 9..10 of group 0 are too few: pad the group, start group 1
            long far = mru.allocate(700);
            assertThat(far).isEqualTo(12 * 256);
            assertThat(heap.size()).isEqualTo(15 * 256);
            mru.free(one, 256); // joins pages 4..5 again
            mru.verify();
            assertThat(mru.allocate(600)).as("the freed run, found again").isEqualTo(768);
            mru.free(768, 600);

            mru.free(a, 400);
            mru.free(c, 512); // pages 1..7 are one run now
            mru.verify();
            long seven = mru.allocate(7 * 256);
            assertThat(seven).isEqualTo(256);
            assertThat(heap.size()).as("no growth").isEqualTo(15 * 256);
            live.add(seven, 7 * 256);
            mru.free(far, 700);
            mru.verify();
            live.checkAll();
        }
    }

    @Test
    void aRunFreedBetweenTwoFreeRunsMergesWithBoth() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long a = mru.allocate(300);
            long b = mru.allocate(300);
            long c = mru.allocate(300);
            long guard = mru.allocate(16);
            mru.free(a, 300);
            mru.free(c, 300);
            mru.free(b, 300);
            mru.verify();
            assertThat(mru.allocate(6 * 256)).isEqualTo(a);
            assertThat(mru.allocate(16)).isEqualTo(guard + 16);
            assertThat(heap.size()).isEqualTo(8 * 256);
            mru.verify();
        }
    }

    @Test
    void growthExtendsAFreeRunAtTheBreak() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long a = mru.allocate(16);
            long b = mru.allocate(2 * 256);
            mru.free(b, 2 * 256);
            assertThat(heap.size()).isEqualTo(4 * 256);
            assertThat(mru.allocate(5 * 256)).as("the free pages 2..3 and three more").isEqualTo(b);
            assertThat(heap.size()).isEqualTo(7 * 256);
            mru.free(a, 16);
            mru.verify();
        }
    }

    // ---- huge blocks: more pages than a group holds

    @Test
    void aHugeBlockTakesWholeGroupsAndGivesThemBack() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            long huge = mru.allocate(5 * 64); // 5 pages > H = 2: groups 0 and 1, metadata page 3 included
            assertThat(huge).isEqualTo(64);
            assertThat(heap.size()).isEqualTo(6 * 64);
            live.add(huge, 5 * 64);
            long small = mru.allocate(16);
            assertThat(small).as("group 2").isEqualTo(7 * 64);
            live.add(small, 16);
            mru.verify();

            mru.free(live.removeAt(0), 5 * 64);
            mru.verify();
            long a = mru.allocate(2 * 64);
            long b = mru.allocate(2 * 64);
            assertThat(a).as("group 0 is a free run of 2 pages again").isEqualTo(64);
            assertThat(b).as("so is group 1").isEqualTo(4 * 64);
            mru.free(a, 2 * 64);
            mru.free(b, 2 * 64);
            assertThat(mru.allocate(4 * 64)).as("first fit over two whole free groups").isEqualTo(64);
            assertThat(heap.size()).isEqualTo(8 * 64);
            mru.verify();
            live.checkAll();
        }
    }

    @Test
    void aHugeBlockExtendsEntirelyFreeGroupsAtTheEndOfTheHeap() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            mru.free(mru.allocate(16), 16); // group 0 begun with one data page, now free
            assertThat(heap.size()).isEqualTo(2 * 64);
            long huge = mru.allocate(8 * 64); // 3 groups: 8 pages
            assertThat(huge).isEqualTo(64);
            assertThat(heap.size()).isEqualTo(9 * 64);
            new LiveBlocks(heap).add(huge, 8 * 64);
            mru.verify();
        }
    }

    // ---- bounded heaps

    @ParameterizedTest
    @ValueSource(longs = {3 * 64, 3 * 64 + 32})
    void aFullBoundedHeapAnswersNoFitAndAFreeMakesRoom(long capacity) {
        try (Heap heap = newHeap(64, capacity)) {
            Allocator mru = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            for (int i = 0; i < 4; i++) {
                live.add(mru.allocate(32), 32); // a metadata page and two data pages of two blocks
            }
            assertThat(mru.allocate(32)).isEqualTo(Allocator.NO_FIT);
            assertThat(mru.allocate(32)).isEqualTo(Allocator.NO_FIT);
            assertThat(mru.allocate(8)).isEqualTo(Allocator.NO_FIT);
            assertThat(mru.allocate(40)).isEqualTo(Allocator.NO_FIT);
            assertThat(mru.allocate(1000)).isEqualTo(Allocator.NO_FIT);
            assertThat(heap.size()).isEqualTo(3 * 64);
            mru.verify();

            long freed = live.addressAt(1);
            mru.free(live.removeAt(1), 32);
            assertThat(mru.allocate(32)).isEqualTo(freed);
            live.add(freed, 32);
            assertThat(mru.allocate(32)).isEqualTo(Allocator.NO_FIT);
            mru.verify();
            live.checkAll();
        }
    }

    @Test
    void aRequestLargerThanTheHeapCanEverBeAnswersNoFit() {
        try (Heap heap = newHeap(4096, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            assertThat(mru.allocate(Long.MAX_VALUE)).isEqualTo(Allocator.NO_FIT);
            assertThat(mru.allocate(heap.capacity() + 1)).isEqualTo(Allocator.NO_FIT);
            assertThat(heap.size()).isZero();
            mru.verify();
        }
    }

    // ---- addresses, references

    @ParameterizedTest
    @ValueSource(ints = {64, 512})
    void everySizeGetsAnAddressAlignedTo8InsideTheHeap(int pageSize) {
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            LiveBlocks live = new LiveBlocks(heap);
            for (int size = 1; size <= 3 * pageSize + 1; size++) {
                live.add(mru.allocate(size), size);
            }
            mru.verify();
            while (live.size() > 0) {
                long size = live.sizeOf(live.addressAt(live.size() - 1));
                mru.free(live.removeAt(live.size() - 1), size);
            }
            mru.verify();
            assertThat(mru.allocate(3L * pageSize)).as("everything went back to the page level").isEqualTo(pageSize);
        }
    }

    @Test
    void keepsItsBookkeepingInTheHeapAsAllocatorReferences() {
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(256, Heap.GROWABLE, recorder, true)) {
            Allocator mru = create(heap);
            long a = mru.allocate(24);
            long b = mru.allocate(1000);
            mru.free(a, 24);
            mru.free(b, 1000);
            mru.verify();
            assertThat(heap.bookkeeping().references()).isPositive();
            assertThat(recorder.references()).isEqualTo(heap.bookkeeping().references());
            assertThat(heap.data().references()).isZero();
        }
    }

    @Test
    void aFixedSizeSetupIsServedToo() {
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator mru = new MruFirstFitAllocator(new AllocatorSetup(heap, 20));
            // PQSIM's 20-byte records: class 24, 21 to a page
            long[] blocks = allocate(mru, 22, 20);
            assertThat(blocks[0]).isEqualTo(512);
            assertThat(blocks[20]).isEqualTo(512 + 20 * 24);
            assertThat(blocks[21]).isEqualTo(1024);
            mru.verify();
        }
    }

    @Test
    void aFreshAllocatorHasTakenNothingAndVerifies() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            create(heap).verify();
            assertThat(heap.size()).isZero();
        }
    }

    // ---- misuse

    @Test
    void freeingSomethingThatIsNotABlockOfThatSizeFails() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long a = mru.allocate(64);
            long b = mru.allocate(600); // 3 pages: 2..4
            assertThatThrownBy(() -> mru.free(a + 8, 64)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("mru-ff: address 264 with size 64 (expected: the start of a block this allocator"
                            + " handed out for that size)");
            assertThatThrownBy(() -> mru.free(a + 64, 64)).as("never carved")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(a, 32)).as("another class").isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(a, 200)).as("not a large block")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(0, 64)).as("metadata").isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(-8, 64)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(1 << 20, 64)).as("outside the heap")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(b, 300)).as("2 pages, not 3")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(b + 512, 600)).as("the run's tail page")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(b + 8, 600)).as("not on a page")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(b, 100 * 256)).as("not a huge block")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(b, Long.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> mru.free(a, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("mru-ff: size 0 (expected: a positive number of bytes)");
            assertThatThrownBy(() -> mru.allocate(0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("mru-ff: size 0 (expected: a positive number of bytes)");
            assertThatThrownBy(() -> mru.allocate(-5)).isInstanceOf(IllegalArgumentException.class);
            mru.verify(); // nothing was disturbed
            mru.free(a, 64);
            mru.free(b, 600);
            mru.verify();
        }
    }

    @Test
    void verifyFindsABlockFreedTwice() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 3, 64);
            mru.free(a[1], 64);
            mru.free(a[1], 64);
            assertThatThrownBy(mru::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("mru-ff: free list of page 1 has a cycle through offset 64 (a block freed twice?)");
        }
    }

    @Test
    void verifyFindsALinkTrampledByTheWorkload() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 3, 64);
            mru.free(a[1], 64);
            heap.data().setInt(a[1], 1000); // a workload writing into a block it gave back
            assertThatThrownBy(mru::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("mru-ff: free-list link 1000 in page 1 block at offset 64 is not a"
                            + " carved 64-byte block");
        }
    }

    @Test
    void verifyFindsAdjacentFreeRuns() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long a = mru.allocate(300); // pages 1..2
            mru.allocate(300);          // pages 3..4
            mru.free(a, 300);
            // mark pages 3..4 free behind the allocator's back: its head (page 3) and tail (page 4) descriptors
            heap.bookkeeping().setInt(2 * PageRuns.DESCRIPTOR_SIZE + PageRuns.KIND, PageRuns.FREE);
            heap.bookkeeping().setInt(3 * PageRuns.DESCRIPTOR_SIZE + PageRuns.KIND, PageRuns.FREE);
            assertThatThrownBy(mru::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage("mru-ff: free runs at pages 1 and 3 are adjacent (expected: coalesced)");
        }
    }

    @Test
    void verifyFindsAPhiThatDisagreesWithTheFreeList() {
        try (Heap heap = newHeap(256, Heap.GROWABLE)) {
            Allocator mru = create(heap);
            long[] a = allocate(mru, 4, 64);
            allocate(mru, 4, 64);
            mru.free(a[0], 64);
            mru.free(a[3], 64);
            // the page on S3 claims to be full, though two of its blocks are on its free list
            heap.bookkeeping().setInt(PageRuns.COUNT, 0);
            assertThatThrownBy(mru::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("mru-ff: page 1 of 64-byte blocks has phi 0, but 0 uncarved + 2 on its"
                            + " free list");
        }
    }

    // ---- the provider

    @Test
    void isFoundByItsShortNameWithItsOption() {
        AllocatorProvider provider = Plugins.load().allocators().find("mru-ff");
        assertThat(provider).isInstanceOf(MruFirstFitAllocatorProvider.class);
        assertThat(provider.options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("steps");
            assertThat(option.defaultValue()).isEqualTo("4");
        });
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator varied = provider.create(Options.bind(provider, Spec.parse("mru-ff")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(varied).isInstanceOf(MruFirstFitAllocator.class);
            assertThat(((MruFirstFitAllocator) varied).steps()).isEqualTo(4);
            assertThat(((MruFirstFitAllocator) varied).classLimit()).isEqualTo(256);
        }
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator fixed = provider.create(Options.bind(provider, Spec.parse("mru-ff:steps=8")),
                    new AllocatorSetup(heap, 6));
            assertThat(((MruFirstFitAllocator) fixed).steps()).isEqualTo(8);
        }
    }

    @Test
    void badStepsFailAsAOneLineSpecError() {
        AllocatorProvider provider = new MruFirstFitAllocatorProvider();
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mru-ff:steps=3")))
                    .isInstanceOf(SpecException.class).hasMessage("mru-ff: steps=3 (expected: one of 1, 2, 4, 8, 16)");
            assertThatThrownBy(() -> new MruFirstFitAllocator(setup, 3)).isInstanceOf(SpecException.class)
                    .hasMessageStartingWith("mru-ff: steps=3 (expected: 1, 2, 4, 8 or 16");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mru-ff:steps=0")))
                    .isInstanceOf(SpecException.class).hasMessageContaining("steps=0");
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mru-ff:limit=64")))
                    .isInstanceOf(SpecException.class).hasMessageContaining("unknown option 'limit'");
        }
    }
}
