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
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * What every strategy built on Brent's current page (section 2.4) keeps, beyond the fixed-size contract: blocks
 * come from the current page while it has one; a new current page comes from {@code S3} by the strategy's rule,
 * else {@code S2} by LIFO, else the heap; and the sets the allocator reports from its lists are those a model of
 * the live blocks gives. A strategy's test extends this, overrides {@link #create} and states its rule in
 * {@link #prefers}.
 */
public abstract class CurrentPageAllocatorContract extends FixedSizeAllocatorContract {

    private static final int[][] GEOMETRIES = {{64, 4}, {64, 6}, {64, 24}, {64, 64}, {512, 6}, {4096, 16}};

    @Override
    protected abstract CurrentPageAllocator create(AllocatorSetup setup);

    /** The strategy's short name, as its provider registers it. */
    protected abstract String shortName();

    /**
     * The strategy's rule for {@code S3}: whether it prefers page {@code a} to page {@code b}, both in {@code S3},
     * given the model's free blocks and times of the last free of each page.
     */
    protected abstract boolean prefers(PageModel model, int a, int b);

    /**
     * The test's own account of every data page: blocks in use, whether ever used, when a block was last freed
     * in it, and which page is current (the page of the last allocation).
     */
    protected static final class PageModel {

        final int c;
        final int[] free;
        final long[] lastFree;
        final boolean[] used;
        int pages;
        int current = -1;
        long time;

        PageModel(int c, int maxPages) {
            this.c = c;
            this.free = new int[maxPages];
            this.lastFree = new long[maxPages];
            this.used = new boolean[maxPages];
        }

        public int free(int page) {
            return free[page];
        }

        public long lastFree(int page) {
            return lastFree[page];
        }

        void allocated(int page) {
            time++;
            if (page == pages) {
                free[pages++] = c;
            }
            used[page] = true;
            free[page]--;
            current = page;
        }

        void freed(int page) {
            time++;
            free[page]++;
            lastFree[page] = time;
        }

        /** The page the next allocation must come from by Brent's rules; {@code pages} for a fresh one. */
        int expectedPage(CurrentPageAllocatorContract rule) {
            if (current >= 0 && free[current] > 0) {
                return current;
            }
            int best = -1;
            for (int page = 0; page < pages; page++) {
                if (page != current && free[page] > 0 && free[page] < c
                        && (best < 0 || rule.prefers(this, page, best))) {
                    best = page;
                }
            }
            if (best >= 0) {
                return best;
            }
            for (int page = 0; page < pages; page++) {
                // S2 is a stack: the page pushed last is the one whose last block was freed last
                if (page != current && used[page] && free[page] == c && (best < 0 || lastFree[page] > lastFree[best])) {
                    best = page;
                }
            }
            return best >= 0 ? best : pages;
        }

        /** Brent's sets, recounted from the model. */
        PageClass[] classes() {
            PageClass[] classes = new PageClass[pages];
            for (int page = 0; page < pages; page++) {
                classes[page] = !used[page] ? PageClass.S1 : free[page] == c ? PageClass.S2
                        : free[page] == 0 ? PageClass.S4 : PageClass.S3;
            }
            return classes;
        }
    }

    /**
     * Random allocate/free sequences against the model: every allocation comes from the page the rules name, the
     * current page is the one the model says, the sets the allocator reports from its lists are the model's after
     * every step, and the heap holds exactly the pages used and their metadata.
     */
    @Property(tries = 300)
    void setsAndChoicesMatchTheModel(
            @ForAll @IntRange(min = 0, max = 5) int geometry,
            @ForAll boolean bounded,
            @ForAll @IntRange(min = 300, max = 700) int freeFrom,
            @ForAll @Size(min = 60, max = 400) List<@IntRange(min = 0, max = 999) Integer> ops) {
        int pageSize = GEOMETRIES[geometry][0];
        int blockSize = GEOMETRIES[geometry][1];
        int maxPages = 3;
        long capacity = bounded ? heapPagesFor(pageSize, blockSize, maxPages) * pageSize : Heap.GROWABLE;
        try (Heap heap = newHeap(pageSize, capacity)) {
            CurrentPageAllocator allocator = create(new AllocatorSetup(heap, blockSize));
            LiveBlocks live = new LiveBlocks(heap, blockSize, allocator);
            PageModel model = new PageModel(pageSize / blockSize, ops.size() + 1);
            for (int op : ops) {
                if (op >= freeFrom && live.size() > 0) {
                    long address = live.removeAt(op % live.size());
                    allocator.free(address, blockSize);
                    model.freed((int) allocator.dataPageOf(address));
                } else {
                    int expected = model.expectedPage(this);
                    long address = allocator.allocate(blockSize);
                    if (address == Allocator.NO_FIT) {
                        assertThat(bounded && expected == model.pages && model.pages == maxPages)
                                .as("NO_FIT when page %d was due", expected).isTrue();
                    } else {
                        live.add(address);
                        assertThat(allocator.dataPageOf(address)).as("page of allocation %d", model.time)
                                .isEqualTo(expected);
                        model.allocated(expected);
                    }
                }
                assertThat(allocator.currentPage()).isEqualTo(model.current);
                assertThat(allocator.pageClasses()).as("sets after step %d", model.time)
                        .containsExactly(model.classes());
            }
            assertThat(heap.size()).isEqualTo(allocator.heapPagesFor(model.pages) * pageSize);
            live.checkAll();
            allocator.verify();
        }
    }

    /** c = 8 blocks of 8 bytes in 64-byte pages; H = 4 data pages per metadata page. */
    private CurrentPageAllocator smallPages(Heap heap) {
        return create(new AllocatorSetup(heap, 8));
    }

    /** Allocates {@code n} blocks and returns their addresses. */
    private static long[] allocate(Allocator allocator, int n) {
        long[] addresses = new long[n];
        for (int i = 0; i < n; i++) {
            addresses[i] = allocator.allocate(8);
        }
        return addresses;
    }

    @Test
    void aFreshPageIsHandedOutInAddressOrderAfterItsMetadataPage() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 * 5 + 1);
            for (int i = 0; i < blocks.length; i++) {
                int page = i / 8;
                long heapPage = page + page / 4 + 1;
                assertThat(blocks[i]).as("block %d", i).isEqualTo(heapPage * 64 + (i % 8) * 8);
            }
            assertThat(heap.size()).as("two metadata pages and six data pages").isEqualTo(8 * 64);
            assertThat(allocator.dataPages()).isEqualTo(6);
            assertThat(allocator.currentPage()).isEqualTo(5);
            allocator.verify();
        }
    }

    @Test
    void blocksComeFromTheCurrentPageWhileItHasAny() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 + 3); // page 0 full, page 1 current with 5 free
            allocator.free(blocks[2], 8); // page 0 into S3
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S3, PageClass.S3);
            for (int i = 0; i < 5; i++) {
                assertThat(allocator.dataPageOf(allocator.allocate(8))).isEqualTo(1);
            }
            // page 1 full: now page 0, and its one free block
            assertThat(allocator.allocate(8)).isEqualTo(blocks[2]);
            assertThat(allocator.currentPage()).isZero();
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S4, PageClass.S4);
            allocator.verify();
        }
    }

    @Test
    void aFreeInTheCurrentPageKeepsItCurrentAndOffEveryList() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8); // page 0 current and full
            for (long block : blocks) {
                allocator.free(block, 8);
            }
            assertThat(allocator.currentPage()).isZero();
            assertThat(allocator.pageClasses()).as("the current page, all free, by its phi")
                    .containsExactly(PageClass.S2);
            allocator.verify();
            // the last freed block is on top of the page's own free list
            assertThat(allocator.allocate(8)).isEqualTo(blocks[7]);
            assertThat(heap.size()).isEqualTo(128);
        }
    }

    @Test
    void s3ComesBeforeS2AndS2BeforeAFreshPage() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 * 3); // pages 0, 1, 2 full; 2 current
            for (int i = 0; i < 8; i++) {
                allocator.free(blocks[i], 8); // page 0 into S3, then onto S2
            }
            allocator.free(blocks[8], 8); // page 1 into S3
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S2, PageClass.S3, PageClass.S4);
            assertThat(allocator.allocate(8)).isEqualTo(blocks[8]);
            assertThat(allocator.currentPage()).isEqualTo(1);
            assertThat(allocator.dataPageOf(allocator.allocate(8))).as("S2 once S3 is empty").isZero();
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S3, PageClass.S4, PageClass.S4);
            allocate(allocator, 7);
            assertThat(allocator.dataPageOf(allocator.allocate(8))).as("a fresh page last").isEqualTo(3);
            allocator.verify();
        }
    }

    @Test
    void theS2StackIsLastInFirstOut() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 * 4); // page 3 current
            for (int page : new int[] {1, 0, 2}) {
                for (int slot = 0; slot < 8; slot++) {
                    allocator.free(blocks[page * 8 + slot], 8);
                }
            }
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S2, PageClass.S2, PageClass.S2,
                    PageClass.S4);
            int[] order = new int[3];
            for (int i = 0; i < 3; i++) {
                order[i] = (int) allocator.dataPageOf(allocator.allocate(8));
                allocate(allocator, 7);
            }
            assertThat(order).containsExactly(2, 0, 1);
            assertThat(heap.size()).as("no page grown").isEqualTo(5 * 64);
            allocator.verify();
        }
    }

    @Test
    void aBoundedHeapWithRoomForAMetadataPageButNotItsDataPageGivesNoFit() {
        // one group (metadata and 4 data pages) and one page more
        try (Heap heap = newHeap(64, 6 * 64)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 4 * 8);
            assertThat(allocator.allocate(8)).isEqualTo(Allocator.NO_FIT);
            assertThat(heap.size()).isEqualTo(5 * 64);
            allocator.free(blocks[13], 8);
            assertThat(allocator.allocate(8)).isEqualTo(blocks[13]);
            assertThat(allocator.allocate(8)).isEqualTo(Allocator.NO_FIT);
            allocator.verify();
        }
    }

    @Test
    void keepsPageHeadersInTheHeapAsAllocatorReferences() {
        List<Integer> pages = new ArrayList<>();
        ReferenceSink sink = (runs, length) -> {
            for (int i = 0; i < length; i++) {
                pages.add(PageRun.page(runs[i]));
            }
        };
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, true)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long a = allocator.allocate(8);
            // a fresh page: c link writes and its header written; then the header word read, the link read and
            // the header word written
            assertThat(heap.bookkeeping().references()).isEqualTo(8 + 1 + 3);
            allocator.free(a, 8); // the header word read and written, the link written
            assertThat(heap.bookkeeping().references()).isEqualTo(8 + 1 + 3 + 3);
            long[] blocks = allocate(allocator, 8 + 1); // page 0 full, page 1 current
            allocator.free(blocks[0], 8); // page 0 into S3: its links written too
            assertThat(recorder.references()).isEqualTo(heap.bookkeeping().references());
            assertThat(heap.data().references()).isZero();
            recorder.flush();
            assertThat(new TreeSet<>(pages)).as("metadata page 0, data pages 1 and 2").containsExactly(0, 1, 2);
        }
    }

    @Test
    void headerReferencesStayOutOfTheRecordUnlessCounted() {
        ReferenceRecorder recorder = new ReferenceRecorder(List.of());
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            CurrentPageAllocator allocator = smallPages(heap);
            allocator.free(allocator.allocate(8), 8);
            assertThat(heap.bookkeeping().references()).isPositive();
            assertThat(recorder.references()).isZero();
        }
    }

    @Test
    void verifyFindsABlockFreedTwice() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 3);
            allocator.free(blocks[1], 8);
            allocator.free(blocks[1], 8);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage(shortName() + ": free list of page 0 has a cycle through slot 1 at address 72"
                            + " (a block freed twice?)");
        }
    }

    @Test
    void freeingABlockOfAnAllFreePageFails() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long a = allocator.allocate(8);
            allocator.free(a, 8);
            assertThatThrownBy(() -> allocator.free(a, 8)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(shortName() + ": address 64 (expected: a block in use; every block of its page is"
                            + " free, so it was freed twice)");
            assertThatThrownBy(() -> allocator.free(0, 8)).as("the metadata page")
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(shortName() + ": address 0 (expected: the start of a block this allocator handed"
                            + " out)");
            allocator.verify();
        }
    }

    @Test
    void verifyFindsAPhiThatDisagreesWithTheFreeList() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            allocate(allocator, 3);
            heap.bookkeeping().setInt(allocator.metadataAddress(0), 4);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage(shortName() + ": page 0 has phi 4 but 5 blocks on its free list");
        }
    }

    @Test
    void verifyFindsAPartlyFreePageOnNoList() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 9); // page 0 full, in S4
            // a free that bypasses the allocator: the block goes on the page's list, the page stays in S4
            long header = allocator.metadataAddress(0);
            heap.bookkeeping().setInt(blocks[0], -1);
            heap.bookkeeping().setLong(header, 1L);
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessage(shortName() + ": page 0 with phi 1 is on no list (expected: on S3 when 0 < phi < c,"
                            + " on S2 when phi = c)");
        }
    }

    @Test
    void verifyFindsABrokenPrevLink() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 * 3 + 1);
            allocator.free(blocks[0], 8);
            heap.bookkeeping().setInt(allocator.metadataAddress(0) + 8, 2); // prev of the only page on S3
            assertThatThrownBy(allocator::verify).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("page 0 on S3 list").hasMessageContaining("has prev link 2 (expected: -1");
        }
    }

    @Test
    void pagesNotYetObtainedAreReportedAsNone() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            assertThat(allocator.pageClasses()).isEmpty();
            assertThat(allocator.currentPage()).isEqualTo(-1);
            allocator.allocate(8);
            assertThat(allocator.pageClasses()).containsExactly(PageClass.S3);
        }
    }

    @Test
    void isFoundByItsShortName() {
        AllocatorProvider provider = Plugins.load().allocators().find(shortName());
        assertThat(provider.name()).isEqualTo(shortName());
        assertThat(provider.options()).isEmpty();
        assertThat(provider.description()).contains("Brent").doesNotContain("\n");
        try (Heap heap = newHeap(512, Heap.GROWABLE)) {
            Allocator allocator = provider.create(Options.bind(provider, Spec.parse(shortName())),
                    new AllocatorSetup(heap, 6));
            assertThat(allocator.getClass()).isEqualTo(create(new AllocatorSetup(heap, 6)).getClass());
            // Brent's geometry kept: 85 blocks a page, 32 page headers to a metadata page
            CurrentPageAllocator pages = (CurrentPageAllocator) allocator;
            assertThat(pages.blocksPerPage()).isEqualTo(85);
            assertThat(pages.heapPagesFor(32)).isEqualTo(33);
        }
    }

    @Test
    void theMessageForABadBlockSizeNamesTheStrategy() {
        try (Heap heap = newHeap(4096, Heap.GROWABLE)) {
            assertThatThrownBy(() -> create(new AllocatorSetup(heap, 2)))
                    .hasMessage(shortName() + ": blockSize 2 (expected: 4 .. 4096 bytes, room for a free-list link"
                            + " and at most the page size)");
        }
    }

    /**
     * Frees {@code counts[i]} more blocks of page {@code pages[i]}, in that order, each page's from its slot 0 up;
     * {@code blocks} as eight 8-byte blocks a page gave them.
     */
    protected static void freeIn(Allocator allocator, long[] blocks, int[] pages, int[] counts) {
        int[] freed = new int[blocks.length / 8];
        for (int i = 0; i < pages.length; i++) {
            for (int k = 0; k < counts[i]; k++) {
                allocator.free(blocks[pages[i] * 8 + freed[pages[i]]++], 8);
            }
        }
    }

    /**
     * Fills four pages (page 3 current and full), frees {@code counts[i]} blocks in page {@code pages[i]} in
     * order, and returns the page the next allocation comes from.
     */
    protected int nextPageAfterFrees(int[] pages, int[] counts) {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator allocator = smallPages(heap);
            long[] blocks = allocate(allocator, 8 * 4);
            freeIn(allocator, blocks, pages, counts);
            allocator.verify();
            int page = (int) allocator.dataPageOf(allocator.allocate(8));
            assertThat(allocator.currentPage()).isEqualTo(page);
            allocator.verify();
            return page;
        }
    }
}
