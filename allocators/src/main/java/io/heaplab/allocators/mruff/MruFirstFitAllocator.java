package io.heaplab.allocators.mruff;

import static io.heaplab.allocators.mruff.PageRuns.AUX;
import static io.heaplab.allocators.mruff.PageRuns.CARVED;
import static io.heaplab.allocators.mruff.PageRuns.COUNT;
import static io.heaplab.allocators.mruff.PageRuns.KIND;
import static io.heaplab.allocators.mruff.PageRuns.NEXT;
import static io.heaplab.allocators.mruff.PageRuns.NONE;
import static io.heaplab.allocators.mruff.PageRuns.PREV;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import java.util.Arrays;

/**
 * Brent's MRU strategy extended to blocks of any size, as his paper suggests ("The Most-Recently-Used Strategy for
 * Dynamic Storage Allocation on a Computer with Virtual Memory", sections 1 and 4): size classes below half a page,
 * each with a current page chosen by the MRU rule, and first fit over runs of whole pages for larger blocks.
 *
 * <h2>Two levels</h2>
 *
 * A request of up to {@code p / 2} bytes is rounded up to its size class {@code s} ({@code SizeClasses}: multiples
 * of 8, {@code steps} to a doubling, so rounding wastes under {@code 1/steps} of a request); each class carves whole
 * pages into {@code c = floor(p / s)} blocks and runs Brent's MRU rule (sections 2.4 and 2.5) on its own pages. The
 * limit is half a page because a larger class would hold one block a page, which a one-page run serves as well.
 * Anything larger takes {@code ceil(size / p)} whole pages from the page level ({@code PageRuns}), which also lends
 * each class its pages and takes them back. Every address is a multiple of 8: classes are multiples of 8 and large
 * blocks start on a page.
 *
 * <pre>
 *  class k (s = 48, c = 5 on 256-byte pages)         page level (first fit, address order)
 *
 *  current[k] --> page P: phi = 2                     firstRun --> [3 free pages] <--> [1] <--> [7] <-- lastRun
 *
 *  s3Head[k] --> page Q <--> page R <--> page T       large block: 3 pages, its own run
 *                phi=1       phi=3       phi=2        huge block: whole groups (see PageRuns)
 *                (pages with free and live blocks, most recently freed into first)
 *
 *  page P (descriptor: kind k, phi 2, free list head 96, carved 4)
 * +-------+-------+---------+-------+---------+------+
 * | live  | live  | free:   | live  |  never  | tail |
 * |       |       | next=-1 |       | carved  |      |
 * +-------+-------+---------+-------+---------+------+
 *    0       48      96       144      192     240  256
 * </pre>
 *
 * <h2>The MRU rule, per class</h2>
 *
 * Brent divides pages into S1 (never used), S2 (used, now entirely free), S3 (some blocks free, some live) and S4
 * (full). A class allocates from its current page while that page has a free block: first from the page's own
 * free list (LIFO, linked through the free blocks by in-page offsets), then by carving the next never-used slot,
 * so taking a page costs O(1), not O(c). When the current page is full it stops being current (it is in S4); the
 * next request takes the head of the class's S3 list (doubly linked through the page descriptors; a page moves to
 * its head each time one of its blocks is freed), and only when S3 is empty does the class ask the page level for
 * a page. So after frees in full pages A and then B, the next current page is B.
 *
 * <p>One choice departs from Brent: a page whose last live block is freed leaves its class at once, current page
 * included, and goes back to the page level, instead of waiting on a per-class S2 stack. With blocks of many sizes
 * an empty page kept by one class is lost to every other class and to large blocks, so after a phase of small
 * blocks the heap would grow for large ones; and the page level hands out the lowest free page first, which keeps
 * the virtual size compact, Brent's other aim. The price is Brent's LIFO reuse of S2: a class that needs a page gets the lowest
 * free one, not the most recently emptied one. The page level is thus the S1 and S2 of every class, and freeing
 * everything leaves the heap as one free run per group, ready for any mix of sizes.
 *
 * <h2>Bookkeeping in the heap</h2>
 *
 * Everything the strategy knows lives in the heap and is read and written through {@link Heap#bookkeeping()}: the
 * descriptors (24 bytes per page, in one metadata page per group of data pages, found by arithmetic), the in-page
 * free lists, the S3 and free-run lists. The Java fields are registers: each class's current page and S3 head, the
 * free list's ends, the break, a count of live blocks for {@link #verify()}.
 *
 * <h2>Cost</h2>
 *
 * <ul>
 *   <li>small allocate: O(1). A page from the page level is O(1) too: the first free run always holds one page.</li>
 *   <li>small free: O(1), unless the block was its page's last live one: giving the page back is O(1) when a
 *       neighbouring page is free or the page lies above every free run, and O(runs) otherwise.</li>
 *   <li>large allocate: first fit, O(runs); large free: as giving a page back. Huge blocks (more pages than a group
 *       holds): O(runs + groups taken).</li>
 *   <li>{@link #verify()}: O(pages + free blocks); for tests.</li>
 * </ul>
 *
 * No operation allocates, boxes or throws on the way to {@link #NO_FIT}, and nothing is random: the same requests
 * give the same addresses.
 *
 * <h2>Misuse</h2>
 *
 * A size of 0 or less, or a {@code free} whose address and size do not name a block this allocator handed out (not
 * a data page, wrong class, off a block boundary, never carved, not the head of a run of that many pages) fails with
 * an {@link IllegalArgumentException}. Two things are beyond it: a block freed twice while its page still has live
 * blocks ({@link #verify()} finds the loop in the page's free list), and an address inside a huge block's later
 * groups, whose metadata pages hold the huge block's data.
 */
public final class MruFirstFitAllocator implements Allocator {

    /** Classes per doubling of the block size when no option says otherwise. */
    public static final int DEFAULT_STEPS = 4;

    /** The end of an in-page free list. */
    private static final int END = -1;

    private final String name;
    private final Heap heap;
    private final HeapAccess bookkeeping;
    private final int pageSize;
    private final int pageShift;
    private final SizeClasses classes;
    private final PageRuns pages;
    /** Per class: the page it allocates from, or {@link PageRuns#NONE}; never full, never entirely free. */
    private final int[] current;
    /** Per class: the most recently freed-into page with free and live blocks (S3), or {@link PageRuns#NONE}. */
    private final int[] s3Head;
    /** Blocks handed out and not yet freed, for {@link #verify()}. */
    private long live;

    /** With {@link #DEFAULT_STEPS} classes per doubling. */
    public MruFirstFitAllocator(AllocatorSetup setup) {
        this(setup, DEFAULT_STEPS);
    }

    /**
     * Serves any setup, of one block size or varied ones: a fixed size is just a request that always lands in the
     * same class (or always takes the same number of pages).
     *
     * @param steps size classes per doubling of the block size: 1, 2, 4, 8 or 16; anything else fails with a
     *              one-line {@link io.heaplab.core.spi.SpecException}
     */
    public MruFirstFitAllocator(AllocatorSetup setup, int steps) {
        this.name = MruFirstFitAllocatorProvider.NAME;
        this.heap = setup.heap();
        this.bookkeeping = heap.bookkeeping();
        this.pageSize = heap.pageSize();
        this.pageShift = heap.pageShift();
        if (heap.capacity() < 2L * pageSize) {
            // a group's metadata page comes before its first data page: a heap below two pages serves nothing
            throw new SpecException(name + ": the heap holds " + heap.capacity() + " bytes, less than two "
                    + pageSize + "-byte pages (expected: room for a metadata page and a data page)");
        }
        this.classes = new SizeClasses(name, pageSize, steps);
        this.pages = new PageRuns(name, heap);
        this.current = new int[classes.count()];
        this.s3Head = new int[classes.count()];
        Arrays.fill(current, NONE);
        Arrays.fill(s3Head, NONE);
    }

    @Override
    public long allocate(long size) {
        if (size <= 0) {
            throw new IllegalArgumentException(name + ": size " + size + " (expected: a positive number of bytes)");
        }
        if (size <= classes.limit()) {
            return allocateSmall(classes.indexOf((int) size));
        }
        if (size > heap.capacity()) {
            return NO_FIT;
        }
        long count = (size + pageSize - 1) >>> pageShift;
        int head = count <= pages.groupData() ? pages.allocateLarge((int) count)
                : pages.allocateHuge(pages.groupsFor(count));
        if (head == NONE) {
            return NO_FIT;
        }
        live++;
        return (long) head << pageShift;
    }

    private long allocateSmall(int k) {
        int page = current[k];
        if (page == NONE) {
            page = s3Head[k];
            if (page != NONE) {
                removeFromS3(k, page);
            } else {
                page = pages.allocatePage();
                if (page == NONE) {
                    return NO_FIT;
                }
                long d = pages.descriptor(page);
                bookkeeping.setInt(d + KIND, k);
                bookkeeping.setInt(d + COUNT, classes.blocksPerPage(k));
                bookkeeping.setInt(d + AUX, END);
                bookkeeping.setInt(d + CARVED, 0);
            }
            current[k] = page;
        }
        long d = pages.descriptor(page);
        long base = (long) page << pageShift;
        int phi = bookkeeping.getInt(d + COUNT);
        int offset = bookkeeping.getInt(d + AUX);
        if (offset != END) {
            bookkeeping.setInt(d + AUX, bookkeeping.getInt(base + offset));
        } else {
            int carved = bookkeeping.getInt(d + CARVED);
            offset = carved * classes.size(k);
            bookkeeping.setInt(d + CARVED, carved + 1);
        }
        bookkeeping.setInt(d + COUNT, phi - 1);
        if (phi == 1) {
            current[k] = NONE; // full: in S4 until one of its blocks is freed
        }
        live++;
        return base + offset;
    }

    @Override
    public void free(long address, long size) {
        if (size <= 0) {
            throw new IllegalArgumentException(name + ": size " + size + " (expected: a positive number of bytes)");
        }
        long page = address >>> pageShift;
        if (address < 0 || !pages.isDataPage(page)) {
            throw notABlock(address, size);
        }
        if (size <= classes.limit()) {
            freeSmall(address, (int) page, classes.indexOf((int) size), size);
        } else {
            freeLarge(address, (int) page, size);
        }
        live--;
    }

    private void freeSmall(long address, int page, int k, long size) {
        long d = pages.descriptor(page);
        int offset = (int) (address & (pageSize - 1));
        int blockSize = classes.size(k);
        if (bookkeeping.getInt(d + KIND) != k || offset % blockSize != 0
                || offset / blockSize >= bookkeeping.getInt(d + CARVED)) {
            throw notABlock(address, size);
        }
        int c = classes.blocksPerPage(k);
        int phi = bookkeeping.getInt(d + COUNT) + 1;
        if (phi == c) {
            // no live block left: the page leaves its class, whichever of current, S3 or S4 it was in
            if (page == current[k]) {
                current[k] = NONE;
            } else if (phi > 1) {
                removeFromS3(k, page);
            }
            pages.freePage(page);
            return;
        }
        bookkeeping.setInt(address, bookkeeping.getInt(d + AUX));
        bookkeeping.setInt(d + AUX, offset);
        bookkeeping.setInt(d + COUNT, phi);
        if (page != current[k] && s3Head[k] != page) {
            // Brent's MRU rule: a page moves to the head of S3 each time one of its blocks is freed
            if (phi > 1) {
                removeFromS3(k, page);
            }
            pushOnS3(k, page);
        }
    }

    private void freeLarge(long address, int page, long size) {
        if ((address & (pageSize - 1)) != 0 || size > heap.capacity()) {
            throw notABlock(address, size);
        }
        long count = (size + pageSize - 1) >>> pageShift;
        if (count <= pages.groupData()) {
            if (!pages.isLarge(page, (int) count)) {
                throw notABlock(address, size);
            }
            pages.freeLarge(page, (int) count);
        } else {
            int m = pages.groupsFor(count);
            if (!pages.isHuge(page, m)) {
                throw notABlock(address, size);
            }
            pages.freeHuge(page, m);
        }
    }

    private IllegalArgumentException notABlock(long address, long size) {
        return new IllegalArgumentException(name + ": address " + address + " with size " + size
                + " (expected: the start of a block this allocator handed out for that size)");
    }

    private void removeFromS3(int k, int page) {
        long d = pages.descriptor(page);
        int prev = bookkeeping.getInt(d + PREV);
        int next = bookkeeping.getInt(d + NEXT);
        if (prev == NONE) {
            s3Head[k] = next;
        } else {
            pages.set(prev, NEXT, next);
        }
        if (next != NONE) {
            pages.set(next, PREV, prev);
        }
    }

    private void pushOnS3(int k, int page) {
        int head = s3Head[k];
        long d = pages.descriptor(page);
        bookkeeping.setInt(d + PREV, NONE);
        bookkeeping.setInt(d + NEXT, head);
        if (head != NONE) {
            pages.set(head, PREV, page);
        }
        s3Head[k] = page;
    }

    /**
     * Walks every structure: the page level (units tiling each group, head and tail descriptors agreeing, the free
     * list holding every free run in address order, no two free runs adjacent), every class page (its free list
     * on block boundaries among carved slots, without a loop, and as long as phi says), every class's current page
     * and S3 list (exactly its pages with free and live blocks, doubly linked), and the count of live blocks. The
     * walk reads through the bookkeeping view, so call this in tests, not in a measured run.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        Census census = new Census();
        long large = pages.verify(census::classPage);
        for (int k = 0; k < classes.count(); k++) {
            census.checkClass(k);
        }
        if (census.smallBlocks + large != live) {
            throw new IllegalStateException(name + ": " + census.smallBlocks + " small and " + large
                    + " large blocks are live in the heap, but " + live + " were handed out and not freed");
        }
    }

    /** What {@link #verify()} learns from the class pages the page level's walk hands it. */
    private final class Census {

        private final long[] classPages = new long[(pages.pages() + 63) >>> 6];
        private final int[] expectedOnS3 = new int[classes.count()];
        private long[] seen = new long[1];
        private long smallBlocks;

        void classPage(int page) {
            long d = pages.descriptor(page);
            int k = bookkeeping.getInt(d + KIND);
            if (k >= classes.count()) {
                throw new IllegalStateException(name + ": page " + page + " has class " + k + " (expected: 0 .. "
                        + (classes.count() - 1) + ")");
            }
            int c = classes.blocksPerPage(k);
            int blockSize = classes.size(k);
            int phi = bookkeeping.getInt(d + COUNT);
            int carved = bookkeeping.getInt(d + CARVED);
            if (carved < 0 || carved > c || phi < 0 || phi >= c) {
                throw new IllegalStateException(name + ": page " + page + " of " + blockSize + "-byte blocks has"
                        + " phi " + phi + " and " + carved + " carved (expected: phi 0 .. " + (c - 1)
                        + ", an entirely free page goes back to the page level; carved 0 .. " + c + ")");
            }
            if (seen.length < (c + 63) >>> 6) {
                seen = new long[(c + 63) >>> 6];
            } else {
                Arrays.fill(seen, 0);
            }
            long base = (long) page << pageShift;
            int onList = 0;
            for (int offset = bookkeeping.getInt(d + AUX), previous = END; offset != END; ) {
                int slot = offset / blockSize;
                if (offset < 0 || offset % blockSize != 0 || slot >= carved) {
                    throw new IllegalStateException(name + ": free-list link " + offset + " in page " + page
                            + (previous == END ? " descriptor" : " block at offset " + previous) + " is not a carved "
                            + blockSize + "-byte block (expected: a multiple of " + blockSize + " below "
                            + carved * blockSize + ", or -1)");
                }
                if ((seen[slot >>> 6] & (1L << slot)) != 0) {
                    throw new IllegalStateException(name + ": free list of page " + page + " has a cycle through"
                            + " offset " + offset + " (a block freed twice?)");
                }
                seen[slot >>> 6] |= 1L << slot;
                onList++;
                previous = offset;
                offset = bookkeeping.getInt(base + offset);
            }
            if (phi != c - carved + onList) {
                throw new IllegalStateException(name + ": page " + page + " of " + blockSize + "-byte blocks has"
                        + " phi " + phi + ", but " + (c - carved) + " uncarved + " + onList + " on its free list");
            }
            smallBlocks += c - phi;
            classPages[page >>> 6] |= 1L << page;
            if (page == current[k]) {
                if (phi == 0) {
                    throw new IllegalStateException(name + ": current page " + page + " of " + blockSize
                            + "-byte blocks is full (expected: a full page stops being current)");
                }
            } else if (phi > 0) {
                expectedOnS3[k]++;
            }
        }

        void checkClass(int k) {
            int blockSize = classes.size(k);
            int page = current[k];
            if (page != NONE && !isPageOf(page, k)) {
                throw new IllegalStateException(name + ": current page " + page + " of " + blockSize
                        + "-byte blocks is not a page of that class");
            }
            int found = 0;
            for (int previous = NONE, run = s3Head[k]; run != NONE; ) {
                if (++found > expectedOnS3[k]) {
                    throw new IllegalStateException(name + ": S3 list of " + blockSize + "-byte blocks is longer"
                            + " than the " + expectedOnS3[k] + " pages with free and live blocks (a cycle?)");
                }
                if (!isPageOf(run, k) || run == current[k] || pages.get(run, COUNT) == 0) {
                    throw new IllegalStateException(name + ": S3 list of " + blockSize + "-byte blocks holds page "
                            + run + " (expected: a page of that class, not current, with free and live blocks)");
                }
                if (pages.get(run, PREV) != previous) {
                    throw new IllegalStateException(name + ": page " + run + " on the S3 list of " + blockSize
                            + "-byte blocks links back to " + pages.get(run, PREV) + " (expected: " + previous + ")");
                }
                previous = run;
                run = pages.get(run, NEXT);
            }
            if (found != expectedOnS3[k]) {
                throw new IllegalStateException(name + ": S3 list of " + blockSize + "-byte blocks holds " + found
                        + " pages, but " + expectedOnS3[k] + " pages of that class have free and live blocks");
            }
        }

        private boolean isPageOf(int page, int k) {
            return page > 0 && page < pages.pages() && (classPages[page >>> 6] & (1L << page)) != 0
                    && pages.get(page, KIND) == k;
        }
    }

    /** Classes per doubling. */
    public int steps() {
        return classes.steps();
    }

    /** The largest request served by a size class: half a page. */
    public int classLimit() {
        return classes.limit();
    }
}
