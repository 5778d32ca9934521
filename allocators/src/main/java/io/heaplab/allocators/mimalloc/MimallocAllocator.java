package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * mimalloc, free list sharding: pages of one block size each with their own three free lists, in segments of
 * slices (Leijen, Zorn &amp; de Moura, "Mimalloc: Free List Sharding in Action", APLAS 2019 / MSR-TR-2019-18), as
 * mimalloc 2.0.9 implements it for one thread with one heap.
 *
 * <h2>Source read</h2>
 *
 * mimalloc tag {@code v2.0.9} (the version Debian ships as libmimalloc2.0): {@code include/mimalloc-types.h},
 * {@code src/page.c}, {@code src/page-queue.c}, {@code src/alloc.c} ({@code _mi_page_malloc}, {@code mi_free},
 * {@code _mi_free_block}), {@code src/segment.c}, {@code src/init.c} ({@code MI_PAGE_QUEUES_EMPTY}) and
 * {@code src/os.c} ({@code _mi_os_good_alloc_size}), with the release build's settings on x86-64: no padding, no
 * encoded free lists, {@code MI_SECURE} 0, {@code MI_ALIGN2W}.
 *
 * <h2>What it keeps</h2>
 *
 * <ul>
 *   <li><b>Bins</b> ({@link Bins}): 8 bytes, then even word sizes to 64 bytes, then 4 bins per doubling up to the
 *       medium maximum (128 KiB); larger requests are large (a page of whole slices, one block) or, above half a
 *       segment, huge (a segment of their own). Blocks are 16-byte aligned, but 8-byte blocks are 8-byte aligned.</li>
 *   <li><b>Pages</b> of one bin: small pages of one 64 KiB slice for blocks up to 16 KiB, medium pages of 512 KiB up
 *       to 128 KiB. A page has three free lists: {@code free}, which allocation pops; {@code local_free}, on which
 *       the owning thread's frees push; and {@code thread_free} for other threads' frees, which one thread never
 *       fills. When {@code free} is empty, {@code _mi_page_free_collect} moves {@code local_free} over whole: a free
 *       comes back only after the page's free list has run dry, and that bounds the work per allocation.</li>
 *   <li><b>Finding a page</b>: a small request goes straight to the first page of its bin through the heap's
 *       direct array; if its {@code free} list is empty the bin's queue is searched in order
 *       ({@code mi_page_queue_find_free_ex}): each page collects its {@code local_free}; a page with none extends its
 *       free list lazily over blocks never used ({@code mi_page_extend_free}: at most 4 KiB of blocks, at least 4
 *       blocks at a time); a page with neither moves to the full queue, from which a free takes it back to the end
 *       of its queue. Only when the whole queue is full does a fresh page come from a segment, pushed first.</li>
 *   <li><b>Retiring</b>: a page whose last block is freed is freed at once to its segment, unless it is the only
 *       page of its (small or medium) bin; then it is retired, kept for 1 + 8 (small) or 1 + 2 (medium) page
 *       searches that found no page ({@code _mi_page_retire}, {@code _mi_heap_collect_retired}).</li>
 *   <li><b>Segments</b> ({@link Segments}): 32 MiB of 64 KiB slices, the info (header and slice array) at the
 *       start, pages taken from free spans and given back coalesced. {@code free(p)} masks {@code p} to its segment,
 *       takes the slice index, follows the back offset to the page, and pushes {@code p} on its
 *       {@code local_free}.</li>
 * </ul>
 *
 * <h2>What it simplifies</h2>
 *
 * One thread, one heap: no abandonment, reclaiming, delayed frees, deferred-free hooks or arenas. Commit masks and
 * the delayed decommit (purge) of freed pages are not modelled: freed memory is only reused, and the heap never
 * shrinks. When a request cannot be met (a bounded heap), the retired pages are freed and the request tried once
 * more, as {@code mi_heap_collect(heap, true)} does: with one thread the only all-free pages it finds are retired
 * ones. A request above {@link #MAX_REQUEST} is refused.
 *
 * <h2>Layout in the heap</h2>
 *
 * <pre>
 *  origin       +4096 = arena                        arena + 32 MiB
 *  | static     | segment 0                           | segment 1 ...
 *  | heap, tld  | info | page | page | ... | untouched|
 *  |&lt;- 4 KiB -&gt;|&lt;-------- touched prefix --------&gt;|
 *                                                ^ break
 *  static area  mi_heap_t: direct array, 75 page queues, retire range ({@link PageQueues});
 *               the tld's 36 span queues at +3072 ({@link Segments})
 * </pre>
 *
 * The static area stands for the library's own static data ({@code _mi_heap_main} and the main thread's
 * {@code tld}) and holds every queue head. Everything else (segment headers, page descriptors, free-list links in
 * the free blocks) lies where mimalloc puts it. Address space is reserved by segment but the heap grows only to
 * the highest byte touched ({@link TouchedPrefix}): a segment's info when it is begun, a small or medium page's
 * blocks as its free list is extended, a large or huge block's bytes rounded to the OS page when it is handed out.
 * Since the heap is one prefix, untouched memory below the break counts too: the tail of the info slice (20 KiB of
 * the 64 KiB), a page's unextended blocks when a later page lies above it, and a segment's untouched tail once a
 * segment is begun after it.
 *
 * <p>heaplab may shrink the slice (option {@code slice}) to let a small bounded heap hold a segment; all sizes of
 * {@link Geometry} shrink with it. The default, 64 KiB, is mimalloc's.
 *
 * <h2>Searches</h2>
 *
 * The page descriptors whose free lists a request examines (the direct page of a small request, the first page of
 * the bin, and every page {@code mi_page_queue_find_free_ex} walks, which mimalloc itself counts as
 * {@code searches}) plus the free spans examined in the span queues when a fresh page is taken.
 */
public final class MimallocAllocator implements Allocator {

    /** Bytes of the static area before the first segment. */
    static final int STATIC_SIZE = 4096;
    /** The largest request the model takes: 1 TiB. */
    public static final long MAX_REQUEST = 1L << 40;
    /** {@code MI_RETIRE_CYCLES}. */
    static final int RETIRE_CYCLES = 8;

    private final Heap heap;
    private final HeapAccess m;
    private final Geometry g;
    private final Bins bins;
    private final PageDescriptors pages;
    private final TouchedPrefix prefix;
    private final PageQueues queues;
    private final Segments segments;
    private final long arena;
    private boolean started;
    private long searches;
    private long held;

    /** mimalloc with its own slices of 64 KiB. */
    public MimallocAllocator(AllocatorSetup setup) {
        this(setup, Geometry.DEFAULT_SLICE);
    }

    /** @param slice bytes per slice, a power of 2 from 4 KiB to 64 KiB; every size of a segment scales with it */
    public MimallocAllocator(AllocatorSetup setup, int slice) {
        this.g = new Geometry(slice);
        this.heap = setup.heap();
        this.m = heap.bookkeeping();
        this.bins = new Bins(g);
        this.pages = new PageDescriptors(m);
        this.prefix = new TouchedPrefix(heap);
        long origin = Bytes.alignUp(heap.size(), Geometry.OS_PAGE);
        this.arena = origin + STATIC_SIZE;
        this.queues = new PageQueues(m, bins, pages, origin);
        this.segments = new Segments(m, g, pages, prefix, origin, arena);
    }

    /** The static data comes with the first request, as mimalloc initializes its heap on the first malloc. */
    private boolean start() {
        if (!prefix.cover(arena)) {
            return false;
        }
        queues.initialize();
        started = true;
        return true;
    }

    // ---- allocation ----------------------------------------------------------------------------------------

    @Override
    public long allocate(long size) {
        if (size < 0 || size > MAX_REQUEST || size > heap.capacity()) {
            return NO_FIT;
        }
        if (!started && !start()) {
            return NO_FIT;
        }
        long block = malloc(size);
        if (block == 0) {
            collectRetired(true);
            block = malloc(size);
        }
        return block == 0 ? NO_FIT : block;
    }

    /** {@code mi_heap_malloc}: the direct page's {@code free} list for a small request, else the generic path. */
    private long malloc(long size) {
        if (size <= Geometry.SMALL_SIZE_MAX) {
            searches++;
            long page = queues.direct(Bins.wsize(size));
            if (page != 0) {
                long block = pages.free(page);
                if (block != 0) {
                    return pop(page, block);
                }
            }
        }
        return mallocGeneric(size);
    }

    /** {@code _mi_malloc_generic}: find (or make) a page with a free block, then pop it; 0 for no room. */
    private long mallocGeneric(long size) {
        if (size > g.mediumObjMax) {
            return largeOrHuge(size);
        }
        long page = findFreePage(queues.queue(bins.bin(size)));
        return page == 0 ? 0 : pop(page, pages.free(page));
    }

    /** {@code _mi_page_malloc}: pops {@code block}, the head of {@code page}'s {@code free} list. */
    private long pop(long page, long block) {
        pages.setUsed(page, pages.used(page) + 1);
        pages.setFree(page, pages.blockNext(block));
        held += segments.blockSize(page);
        return block;
    }

    /** {@code mi_find_free_page}: the bin's first page if collecting its {@code local_free} gives it a block. */
    private long findFreePage(long queue) {
        long page = queues.first(queue);
        if (page != 0) {
            searches++;
            collect(page);
            if (pages.free(page) != 0) {
                pages.setRetireExpire(page, 0);
                return page;
            }
        }
        return findFreeEx(queue);
    }

    /**
     * {@code mi_page_queue_find_free_ex}: the first page of the queue that has a free block after collecting, or
     * that can extend its free list; full pages on the way move to the full queue; a fresh page if none.
     */
    private long findFreeEx(long queue) {
        long page = queues.first(queue);
        while (page != 0) {
            long next = pages.next(page);
            searches++;
            collect(page);
            if (pages.free(page) != 0) {
                break;
            }
            if (pages.capacity(page) < pages.reserved(page)) {
                if (!extend(page)) {
                    return 0;
                }
                break;
            }
            queues.enqueueFrom(queues.queue(Bins.FULL), queue, page);
            page = next;
        }
        if (page == 0) {
            collectRetired(false);
            return fresh(queue);
        }
        pages.setRetireExpire(page, 0);
        return page;
    }

    /** {@code mi_page_fresh}: a new page for the queue's block size, its first blocks extended, pushed first. */
    private long fresh(long queue) {
        long blockSize = queues.blockSize(queue);
        long page = segments.allocatePage(blockSize);
        if (page == 0) {
            return 0;
        }
        if (!init(page, blockSize)) {
            segments.freePage(page);
            return 0;
        }
        queues.push(queue, page);
        return page;
    }

    /** {@code mi_page_init}: block size, reserved blocks, and the first extension of the free list. */
    private boolean init(long page, long blockSize) {
        pages.setXblockSize(page, blockSize);
        pages.setReserved(page, (int) (segments.pageSize(page) / segments.blockSize(page)));
        return extend(page);
    }

    /**
     * {@code mi_page_extend_free}: threads the next blocks never used onto the {@code free} list in address order,
     * up to 4 KiB of them but at least 4, touching only those; false when a bounded heap cannot grow over them.
     */
    private boolean extend(long page) {
        int capacity = pages.capacity(page);
        int reserved = pages.reserved(page);
        if (capacity >= reserved) {
            return true;
        }
        long blockSize = segments.blockSize(page);
        int most = blockSize >= Geometry.MAX_EXTEND_SIZE ? Geometry.MIN_EXTEND
                : Math.max(Geometry.MIN_EXTEND, (int) (Geometry.MAX_EXTEND_SIZE / blockSize));
        int extend = Math.min(reserved - capacity, most);
        long first = segments.pageStart(page) + capacity * blockSize;
        long last = first + (extend - 1) * blockSize;
        // a large block's link is all the extension writes; its bytes are touched when it is handed out
        if (!prefix.cover(blockSize > g.mediumObjMax ? last + Geometry.WORD : last + blockSize)) {
            return false;
        }
        for (long block = first; block < last; block += blockSize) {
            pages.setBlockNext(block, block + blockSize);
        }
        pages.setBlockNext(last, pages.free(page));
        pages.setFree(page, first);
        pages.setCapacity(page, capacity + extend);
        return true;
    }

    /**
     * {@code _mi_page_free_collect}: with one thread {@code thread_free} is read and found empty; the
     * {@code local_free} list becomes the {@code free} list whole when that is empty.
     */
    private void collect(long page) {
        pages.threadFree(page);
        long local = pages.localFree(page);
        if (local != 0 && pages.free(page) == 0) {
            pages.setFree(page, local);
            pages.setLocalFree(page, 0);
        }
    }

    /**
     * {@code mi_large_huge_page_alloc}: a fresh page of whole slices (or a huge segment) for one block of the
     * request rounded by {@code _mi_os_good_alloc_size}, in the huge queue; the block's bytes are touched.
     */
    private long largeOrHuge(long size) {
        long page = segments.allocatePage(Geometry.goodAllocSize(size));
        if (page == 0) {
            return 0;
        }
        if (!prefix.cover(segments.pageStart(page) + Bytes.alignUp(size, Geometry.OS_PAGE))) {
            segments.freePage(page);
            return 0;
        }
        init(page, segments.blockSize(page));
        queues.push(queues.queue(Bins.HUGE), page);
        return pop(page, pages.free(page));
    }

    // ---- free ----------------------------------------------------------------------------------------------

    /**
     * {@code mi_free}: the page from the segment's slice array, the block pushed on its {@code local_free}; a page
     * left empty is retired or freed, one that was full goes back to its queue.
     */
    @Override
    public void free(long address, long size) {
        long page = segments.pageOf(address);
        int flags = pages.flags(page);
        long blockSize = segments.blockSize(page);
        pages.setBlockNext(address, pages.localFree(page));
        pages.setLocalFree(page, address);
        int used = pages.used(page) - 1;
        pages.setUsed(page, used);
        held -= blockSize;
        if (used == 0) {
            retire(page, blockSize);
        } else if ((flags & PageDescriptors.IN_FULL) != 0) {
            queues.enqueueFrom(queues.queue(bins.bin(blockSize)), queues.queue(Bins.FULL), page);
        }
    }

    /** {@code _mi_page_retire}: the only page of a small or medium bin is kept a while; any other is freed. */
    private void retire(long page, long blockSize) {
        long queue = queues.queueOf(page, blockSize);
        if (blockSize <= g.mediumObjMax && !queues.isSpecial(queue, g.mediumObjMax)
                && queues.last(queue) == page && queues.first(queue) == page) {
            pages.setRetireExpire(page, 1 + (blockSize <= g.smallObjMax ? RETIRE_CYCLES : RETIRE_CYCLES / 4));
            long bin = queues.binOf(queue);
            queues.setRetired(Math.min(queues.retiredMin(), bin), Math.max(queues.retiredMax(), bin));
            return;
        }
        pageFree(page, queue);
    }

    /** {@code _mi_page_free}: out of its queue and back to its segment. */
    private void pageFree(long page, long queue) {
        queues.remove(queue, page);
        segments.freePage(page);
    }

    /**
     * {@code _mi_heap_collect_retired}: each retired page still first in its bin and still empty counts down; at 0
     * (or when {@code force}d) it is freed.
     */
    private void collectRetired(boolean force) {
        long min = Bins.FULL;
        long max = 0;
        for (long bin = queues.retiredMin(); bin <= queues.retiredMax(); bin++) {
            long queue = queues.queue((int) bin);
            long page = queues.first(queue);
            if (page != 0 && pages.retireExpire(page) != 0) {
                if (pages.used(page) == 0) {
                    int expire = pages.retireExpire(page) - 1;
                    pages.setRetireExpire(page, expire);
                    if (force || expire == 0) {
                        pageFree(page, queue);
                    } else {
                        min = Math.min(min, bin);
                        max = Math.max(max, bin);
                    }
                } else {
                    pages.setRetireExpire(page, 0);
                }
            }
        }
        queues.setRetired(min, max);
    }

    // ---- measures ------------------------------------------------------------------------------------------

    @Override
    public long searches() {
        return searches + segments.spansExamined();
    }

    /** The block sizes of the live blocks: the bin's size, or a large block's whole page. */
    @Override
    public long heldBytes() {
        return held;
    }

    // ---- for tests and reports -----------------------------------------------------------------------------

    public int slice() {
        return g.slice;
    }

    /** {@code mi_bin} of a request of {@code size} bytes. */
    public int bin(long size) {
        return bins.bin(size);
    }

    /** The block size of bin {@code bin}. */
    public long binBlockSize(int bin) {
        return bins.blockSize(bin);
    }

    long arena() {
        return arena;
    }

    /** The page descriptor of the block at {@code address}, as {@code free} finds it. */
    long pageOf(long address) {
        return segments.pageOf(address);
    }

    long segmentOf(long address) {
        return segments.segmentOf(address);
    }

    long pageStart(long page) {
        return segments.pageStart(page);
    }

    long blockSizeOf(long page) {
        return segments.blockSize(page);
    }

    int sliceCount(long page) {
        return pages.sliceCount(page);
    }

    int capacity(long page) {
        return pages.capacity(page);
    }

    int reserved(long page) {
        return pages.reserved(page);
    }

    int used(long page) {
        return pages.used(page);
    }

    boolean inFull(long page) {
        return pages.inFull(page);
    }

    int retireExpire(long page) {
        return pages.retireExpire(page);
    }

    /** The {@code free} list of {@code page}, head first. */
    long[] freeList(long page) {
        return list(pages.free(page));
    }

    /** The {@code local_free} list of {@code page}, head first. */
    long[] localFreeList(long page) {
        return list(pages.localFree(page));
    }

    long threadFree(long page) {
        return pages.threadFree(page);
    }

    private long[] list(long head) {
        List<Long> blocks = new ArrayList<>();
        for (long block = head; block != 0; block = pages.blockNext(block)) {
            blocks.add(block);
            if (blocks.size() > 1 << 20) {
                throw new IllegalStateException("free list from " + head + " does not end");
            }
        }
        return blocks.stream().mapToLong(Long::longValue).toArray();
    }

    /** The pages of queue {@code bin}, first to last. */
    long[] queue(int bin) {
        List<Long> list = new ArrayList<>();
        for (long page = queues.first(queues.queue(bin)); page != 0; page = pages.next(page)) {
            list.add(page);
        }
        return list.stream().mapToLong(Long::longValue).toArray();
    }

    /** The free spans of span queue {@code bin}, as {@code {slice index, slice count}}, first to last. */
    long[][] spans(int bin) {
        List<long[]> list = new ArrayList<>();
        for (long slice = m.getLong(segments.spanQueue(bin)); slice != 0; slice = pages.next(slice)) {
            long segment = segments.segmentOf(slice);
            list.add(new long[] {segments.sliceIndex(segment, slice), pages.sliceCount(slice)});
        }
        return list.toArray(long[][]::new);
    }

    /** The segments in use, by address. */
    long[] segments() {
        List<Long> list = new ArrayList<>();
        segments.forEachSegment(list::add);
        return list.stream().mapToLong(Long::longValue).toArray();
    }

    long usedPages(long segment) {
        return segments.usedPages(segment);
    }

    long direct(long wsize) {
        return queues.direct(wsize);
    }

    long infoBytes() {
        return g.infoBytes;
    }

    // ---- verify --------------------------------------------------------------------------------------------

    /**
     * Every segment's slices tile it as the info, pages and free spans, with their back offsets, its count of used
     * pages right and its free spans each in the span queue of its bin; every page in exactly the queue its block
     * size (or its being full) says, the queues linked both ways and the direct array pointing at each small bin's
     * first page; in every page the {@code free} and {@code local_free} blocks distinct, inside the extended part
     * and on block boundaries, with {@code used + free + local_free = capacity}, {@code thread_free} empty, and a
     * page with no block in use retired; the extended blocks inside the heap; held bytes the sum of the used ones.
     */
    @Override
    public void verify() {
        if (!started) {
            check(held == 0, "held " + held + " bytes before the first request");
            return;
        }
        Set<Long> usedPages = new HashSet<>();
        Set<Long> freeSpans = new HashSet<>();
        for (long segment : segments()) {
            verifySegment(segment, usedPages, freeSpans);
        }
        int queued = 0;
        for (int bin = 0; bin < Segments.SPAN_BINS; bin++) {
            long queue = segments.spanQueue(bin);
            long prev = 0;
            for (long slice = m.getLong(queue); slice != 0; slice = pages.next(slice)) {
                check(pages.prev(slice) == prev, "span " + slice + ": prev " + pages.prev(slice) + " (expected "
                        + prev + ")");
                check(Segments.sliceBin(pages.sliceCount(slice)) == bin, "span " + slice + " of "
                        + pages.sliceCount(slice) + " slices in span queue " + bin);
                check(freeSpans.contains(slice), "span " + slice + " queued but not free in its segment");
                prev = slice;
                queued++;
            }
            check(m.getLong(queue + 8) == prev, "span queue " + bin + ": last " + m.getLong(queue + 8));
        }
        check(queued == freeSpans.size(), queued + " spans queued, " + freeSpans.size() + " free");
        long heldNow = 0;
        int inQueues = 0;
        for (int bin = 0; bin < Bins.QUEUES; bin++) {
            long queue = queues.queue(bin);
            long prev = 0;
            for (long page = queues.first(queue); page != 0; page = pages.next(page)) {
                check(pages.prev(page) == prev, "page " + page + ": prev " + pages.prev(page) + " (expected "
                        + prev + ")");
                check(usedPages.remove(page), "page " + page + " in queue " + bin + " twice or not a page");
                check(pages.inFull(page) == (bin == Bins.FULL), "page " + page + " in queue " + bin + ": in_full "
                        + pages.inFull(page));
                long blockSize = segments.blockSize(page);
                check(bin == Bins.FULL || bins.bin(blockSize) == bin, "page of " + blockSize + "-byte blocks in queue "
                        + bin);
                heldNow += verifyPage(page, blockSize);
                prev = page;
                inQueues++;
            }
            check(queues.last(queue) == prev, "queue " + bin + ": last " + queues.last(queue));
        }
        check(usedPages.isEmpty(), "pages in no queue: " + usedPages);
        check(queues.pageCount() == inQueues, "page_count " + queues.pageCount() + " (expected " + inQueues + ")");
        for (long w = 0; w < PageQueues.DIRECT_ENTRIES; w++) {
            long first = queues.first(queues.queue(bins.bin(Math.max(1, w) * Geometry.WORD)));
            check(queues.direct(w) == first, "direct[" + w + "] " + queues.direct(w) + " (expected " + first + ")");
        }
        check(heldNow == held, "held " + held + " bytes (expected " + heldNow + ")");
    }

    private void verifySegment(long segment, Set<Long> usedPages, Set<Long> freeSpans) {
        int entries = segments.sliceEntries(segment);
        long used = 0;
        long index = 0;
        while (index < entries) {
            long slice = segments.slice(segment, index);
            int count = pages.sliceCount(slice);
            check(count > 0 && pages.sliceOffset(slice) == 0, "segment " + segment + " slice " + index + ": count "
                    + count + ", offset " + pages.sliceOffset(slice));
            long end = Math.min(index + count, entries);
            if (pages.xblockSize(slice) == 0) {
                check(segments.kind(segment) == Segments.NORMAL, "a free span in huge segment " + segment);
                freeSpans.add(slice);
                long last = segments.slice(segment, end - 1);
                check(pages.sliceOffset(last) == (end - 1 - index) * PageDescriptors.SIZE, "free span at " + slice
                        + ": last back offset " + pages.sliceOffset(last));
            } else {
                for (long i = index + 1; i < end && i <= index + Geometry.MAX_SLICE_OFFSET; i++) {
                    long back = segments.slice(segment, i);
                    check(pages.sliceOffset(back) == (i - index) * PageDescriptors.SIZE, "slice " + i
                            + " of the page at slice " + index + ": back offset " + pages.sliceOffset(back));
                }
                if (index > 0) {
                    used++;
                    usedPages.add(slice);
                } else {
                    check(count == g.infoSlices, "segment " + segment + ": info of " + count + " slices");
                }
            }
            index += count;
        }
        check(used == segments.usedPages(segment), "segment " + segment + ": used " + segments.usedPages(segment)
                + " (expected " + used + ")");
        check(used > 0, "segment " + segment + " holds no page but was not freed");
    }

    /** Checks one page's lists; returns the bytes its used blocks hold. */
    private long verifyPage(long page, long blockSize) {
        int capacity = pages.capacity(page);
        long start = segments.pageStart(page);
        check(pages.reserved(page) == segments.pageSize(page) / blockSize, "page " + page + ": reserved "
                + pages.reserved(page));
        check(capacity <= pages.reserved(page), "page " + page + ": capacity " + capacity + " above reserved");
        check(pages.threadFree(page) == 0, "page " + page + ": thread_free filled by one thread");
        Set<Long> seen = new HashSet<>();
        for (long head : new long[] {pages.free(page), pages.localFree(page)}) {
            for (long block = head; block != 0; block = pages.blockNext(block)) {
                check(block >= start && block < start + capacity * blockSize && (block - start) % blockSize == 0,
                        "page " + page + ": free block " + block + " outside its " + capacity + " blocks at " + start);
                check(seen.add(block), "page " + page + ": block " + block + " free twice");
            }
        }
        int used = pages.used(page);
        check(used + seen.size() == capacity, "page " + page + ": used " + used + " + free " + seen.size()
                + " != capacity " + capacity);
        check(used > 0 || pages.retireExpire(page) > 0, "page " + page + " with no block in use neither freed nor"
                + " retired");
        if (blockSize <= g.mediumObjMax) {
            check(start + capacity * blockSize <= heap.size(), "page " + page + ": extended blocks past the break");
        }
        return used * blockSize;
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }
}
