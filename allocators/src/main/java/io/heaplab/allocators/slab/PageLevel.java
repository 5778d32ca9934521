package io.heaplab.allocators.slab;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.SpecException;

/**
 * The back end of {@link SlabAllocator}: runs of whole pages, as Solaris's vmem arena hands them to the slab layer
 * and to {@code kmem_alloc}'s oversize requests (Bonwick &amp; Adams, "Magazines and Vmem", USENIX 2001:
 * power-of-two free lists searched by "instant fit"), with immediate coalescing through boundary tags in a page map.
 *
 * <h2>Layout</h2>
 *
 * <pre>
 *  page 0 ..                        map pages         data pages ...                               break
 * +----------------------------+---------------+--------+--------+-----------------+--------+--- .. -+
 * | arena: freemap, 32 list    | page map:     | small  | free run of 3 pages      | large slab of 2 |
 * | heads; the kmem_caches     | 16 B a page   | slab   | head ........... tail    | pages           |
 * +----------------------------+---------------+--------+--------+-----------------+--------+--- .. -+
 *
 *  descriptor of page q at map + 16 q:   kind   count       a                 b
 *    free run, head                      FREE   pages       previous run      next run   (its size list)
 *    free run, tail                      FREE   pages       -                 -
 *    small slab (one page)               SMALL  1           -                 -
 *    large slab, every page              LARGE  pages       its kmem_slab     -
 *    oversize block, head and tail       OVERSIZE pages     -                 -
 *    the tables and the map              META   pages       -                 -
 * </pre>
 *
 * Every unit marks its first and last page, so freeing a run finds a free neighbour on either side in O(1): the
 * page before it is the last of some unit, the page after the first of one. Interior descriptors are stale. Page 0
 * always holds the tables, so page number 0 is the null link.
 *
 * <h2>Instant fit</h2>
 *
 * List {@code k} holds the free runs of {@code 2^k} to {@code 2^(k+1) - 1} pages, a bit of the freemap telling it
 * non-empty. A request of {@code n} pages takes the head of the first non-empty list whose every run fits
 * ({@code k >= ceil(log2 n)}, one bit scan), splitting it from its low end; when there is none, vmem's
 * {@code vmem_xalloc} walks list {@code floor(log2 n)} for a run that fits; failing that, the heap grows by the
 * pages missing (a free run at the break is extended, as {@code sbrk} would be). Freed runs go to the head of their
 * list after merging with their free neighbours.
 *
 * <h2>The page map</h2>
 *
 * vmem finds an allocated segment through a hash table and keeps its boundary tags in segment structures of its
 * own; here one array of descriptors, indexed by page number, does both. When the heap outgrows it, a map at least
 * twice as large is grown at the break, the descriptors are copied over, and the old map's pages are freed like
 * any run: the copy costs O(1) amortized per page, and the map takes 16 bytes a page (0.4% of 4 KB pages, a quarter
 * of 64-byte ones). The map's address and capacity, and the page count, are registers ({@code vmem}'s span).
 */
final class PageLevel {

    /** No page: page 0 holds the tables, so it never starts a run. */
    static final int NIL = 0;

    /** Descriptor kinds; 0 is a descriptor never written. */
    static final int FREE = 1;
    static final int META = 2;
    static final int SMALL = 3;
    static final int LARGE = 4;
    static final int OVERSIZE = 5;

    static final int DESCRIPTOR = 16;
    static final int KIND = 0;
    static final int COUNT = 4;
    static final int A = 8;
    static final int B = 12;

    /** The arena's free lists: one per power of two of a run's pages. */
    static final int LISTS = 32;
    /** The arena at address 0: the freemap, then the list heads. */
    private static final int FREEMAP = 0;
    private static final int HEADS = 8;
    /** Bytes of the arena; the caller's tables follow. */
    static final int ARENA_BYTES = HEADS + 4 * LISTS;
    /** Links are 32-bit words of 8-byte units: the heap may not pass 16 GiB. */
    static final long MAX_BYTES = 1L << 34;

    private final Heap heap;
    private final HeapAccess bk;
    private final int pageSize;
    private final int shift;
    private final int maxPages;

    private int pages;
    private long mapBase;
    private int mapCap;
    private int mapPages;
    private long searches;

    /**
     * Grows the heap for the arena and {@code tableBytes} of the caller's tables at address {@link #ARENA_BYTES},
     * then for the first page map, one page or as few as hold the tables and one data page.
     */
    PageLevel(Heap heap, int tableBytes) {
        this.heap = heap;
        this.bk = heap.bookkeeping();
        this.pageSize = heap.pageSize();
        this.shift = heap.pageShift();
        this.maxPages = (int) Math.min(Integer.MAX_VALUE, MAX_BYTES >>> shift);
        int tablePages = (ARENA_BYTES + tableBytes + pageSize - 1) >>> shift;
        int perPage = pageSize / DESCRIPTOR;
        int initialMapPages = 1;
        while (initialMapPages * perPage < tablePages + initialMapPages + 1) {
            initialMapPages++;
        }
        long needed = (long) (tablePages + initialMapPages + 1) << shift;
        if (heap.capacity() < needed) {
            throw new SpecException(SlabAllocatorProvider.NAME + ": the heap holds " + heap.capacity() + " bytes"
                    + " (expected: at least " + needed + ", the tables, the page map and one page of buffers)");
        }
        grow(tablePages + initialMapPages);
        this.mapBase = (long) tablePages << shift;
        this.mapCap = initialMapPages * perPage;
        this.mapPages = initialMapPages;
        mark(0, tablePages, META);
        mark(tablePages, initialMapPages, META);
    }

    // ---- the page map

    long descriptor(int page) {
        return mapBase + (long) page * DESCRIPTOR;
    }

    int kind(int page) {
        return bk.getInt(descriptor(page) + KIND);
    }

    int count(int page) {
        return bk.getInt(descriptor(page) + COUNT);
    }

    /** Field {@code a} of page {@code page}: a free run's previous run, a large slab page's kmem_slab. */
    int aux(int page) {
        return bk.getInt(descriptor(page) + A);
    }

    /** Marks a page of a large slab, head and tail included, as naming the slab's kmem_slab {@code slab}. */
    void markSlabPage(int page, int slab) {
        long d = descriptor(page);
        bk.setInt(d + KIND, LARGE);
        bk.setInt(d + A, slab);
    }

    /** Marks the head and tail of a unit of {@code count} pages at {@code head}. */
    void mark(int head, int count, int kind) {
        long d = descriptor(head);
        bk.setInt(d + KIND, kind);
        bk.setInt(d + COUNT, count);
        if (count > 1) {
            long t = descriptor(head + count - 1);
            bk.setInt(t + KIND, kind);
            bk.setInt(t + COUNT, count);
        }
    }

    /** Pages the heap has grown to. */
    int pages() {
        return pages;
    }

    int pageSize() {
        return pageSize;
    }

    /** Lists and runs examined so far: one per request for instant fit's list, one per run first fit walks. */
    long searches() {
        return searches;
    }

    // ---- allocate and free

    /**
     * A run of {@code n >= 1} pages, marked {@code kind} at its head and tail, or {@link #NIL} when a bounded heap
     * cannot grow enough (or the heap would pass {@link #MAX_BYTES}).
     */
    int allocate(int n, int kind) {
        int run = fit(n);
        if (run == NIL) {
            if ((long) pages + n > maxPages) {
                return NIL;
            }
            if (pages + n > mapCap) {
                if (!relocateMap(n)) {
                    return NIL;
                }
                run = fit(n);
            }
            if (run == NIL) {
                run = growFor(n);
                if (run == NIL) {
                    return NIL;
                }
            }
        }
        mark(run, n, kind);
        return run;
    }

    /** Takes back the run of {@code n} pages at {@code page}, merging it with a free neighbour on either side. */
    void free(int page, int n) {
        int start = page;
        int length = n;
        int left = page - 1;
        if (kind(left) == FREE) {
            int leftLength = count(left);
            start = left - leftLength + 1;
            unlink(start, leftLength);
            length += leftLength;
        }
        int right = page + n;
        if (right < pages && kind(right) == FREE) {
            int rightLength = count(right);
            unlink(right, rightLength);
            length += rightLength;
        }
        mark(start, length, FREE);
        link(start, length);
    }

    /** Instant fit, then first fit in the one list that may hold a fit; takes the run's low end. */
    private int fit(int n) {
        // one search for the list instant fit picks from the freemap, found or not
        searches++;
        int ceil = n == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
        int freemap = bk.getInt(FREEMAP);
        int lists = ceil >= LISTS ? 0 : freemap & (-1 << ceil);
        if (lists != 0) {
            int run = head(Integer.numberOfTrailingZeros(lists));
            take(run, n);
            return run;
        }
        int floor = 31 - Integer.numberOfLeadingZeros(n);
        if (floor != ceil && (freemap >>> floor & 1) != 0) {
            for (int run = head(floor); run != NIL; run = bk.getInt(descriptor(run) + B)) {
                searches++;
                if (count(run) >= n) {
                    take(run, n);
                    return run;
                }
            }
        }
        return NIL;
    }

    /** Unlinks free run {@code run} and gives back all of it beyond its first {@code n} pages. */
    private void take(int run, int n) {
        int length = count(run);
        unlink(run, length);
        if (length > n) {
            mark(run + n, length - n, FREE);
            link(run + n, length - n);
        }
    }

    /** Grows the heap for {@code n} pages, extending a free run that ends at the break. */
    private int growFor(int n) {
        int tail = pages - 1;
        if (kind(tail) == FREE) {
            int length = count(tail);
            int head = tail - length + 1;
            if (!grow(n - length)) {
                return NIL;
            }
            unlink(head, length);
            return head;
        }
        return grow(n) ? pages - n : NIL;
    }

    /**
     * A new map at the break, large enough for the pages there will be once {@code n} more are grown, at least
     * twice the old one; the old map's pages become a free run.
     */
    private boolean relocateMap(int n) {
        int perPage = pageSize / DESCRIPTOR;
        long cap = Math.max(2L * mapCap, (long) pages + n);
        long newMapPages;
        while (true) {
            newMapPages = (cap + perPage - 1) / perPage;
            if (cap >= pages + newMapPages + n) {
                break;
            }
            cap = pages + newMapPages + n;
        }
        if (pages + newMapPages + n > maxPages) {
            return false;
        }
        int oldMapPage = (int) (mapBase >>> shift);
        int oldMapPages = mapPages;
        long oldBase = mapBase;
        int first = pages;
        if (!grow((int) newMapPages)) {
            return false;
        }
        long newBase = (long) first << shift;
        for (long offset = 0; offset < (long) first * DESCRIPTOR; offset += Long.BYTES) {
            bk.setLong(newBase + offset, bk.getLong(oldBase + offset));
        }
        mapBase = newBase;
        mapCap = (int) Math.min(Integer.MAX_VALUE, newMapPages * perPage);
        mapPages = (int) newMapPages;
        mark(first, mapPages, META);
        free(oldMapPage, oldMapPages);
        return true;
    }

    /** Grows the heap by {@code count} pages at its break; false when a bounded heap has no room. */
    private boolean grow(int count) {
        long base = heap.grow((long) count << shift);
        if (base == Heap.NO_ROOM) {
            return false;
        }
        if (base != (long) pages << shift) {
            throw new IllegalStateException(SlabAllocatorProvider.NAME + ": heap break " + base + " (expected: "
                    + ((long) pages << shift) + "; the heap must belong to this allocator alone)");
        }
        pages += count;
        return true;
    }

    // ---- the free lists

    private static int listOf(int length) {
        return 31 - Integer.numberOfLeadingZeros(length);
    }

    private int head(int list) {
        return bk.getInt(HEADS + 4L * list);
    }

    private void link(int run, int length) {
        int list = listOf(length);
        int first = head(list);
        long d = descriptor(run);
        bk.setInt(d + A, NIL);
        bk.setInt(d + B, first);
        if (first != NIL) {
            bk.setInt(descriptor(first) + A, run);
        }
        bk.setInt(HEADS + 4L * list, run);
        bk.setInt(FREEMAP, bk.getInt(FREEMAP) | 1 << list);
    }

    private void unlink(int run, int length) {
        long d = descriptor(run);
        int previous = bk.getInt(d + A);
        int next = bk.getInt(d + B);
        int list = listOf(length);
        if (previous == NIL) {
            bk.setInt(HEADS + 4L * list, next);
            if (next == NIL) {
                bk.setInt(FREEMAP, bk.getInt(FREEMAP) & ~(1 << list));
            }
        } else {
            bk.setInt(descriptor(previous) + B, next);
        }
        if (next != NIL) {
            bk.setInt(descriptor(next) + A, previous);
        }
    }

    // ---- verify

    /** What {@link #verify} hands over for each allocated unit. */
    interface Units {
        void unit(int page, int kind, int count);
    }

    /**
     * Walks the page map from page 0 to the break: units must tile it with matching head and tail descriptors, no
     * two free runs may touch, and the free lists must hold exactly the free runs, each in the list of its size,
     * with consistent back links and freemap bits. Hands every other unit but the tables to {@code units}.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    void verify(Units units) {
        String name = SlabAllocatorProvider.NAME;
        if (heap.size() != (long) pages << shift) {
            throw new IllegalStateException(name + ": heap holds " + heap.size() + " bytes, but " + pages
                    + " pages were obtained");
        }
        if (pages > mapCap) {
            throw new IllegalStateException(name + ": " + pages + " pages, a map of " + mapCap);
        }
        long freeRuns = 0;
        boolean[] freeHead = new boolean[pages];
        boolean previousFree = false;
        for (int page = 0; page < pages; ) {
            int kind = kind(page);
            int count = count(page);
            if (kind < FREE || kind > OVERSIZE || count < 1 || count > pages - page) {
                throw new IllegalStateException(name + ": page " + page + " has kind " + kind + ", " + count
                        + " pages (expected: the head of a unit within the " + pages + " pages)");
            }
            int tail = page + count - 1;
            if (kind(tail) != kind || count(tail) != count) {
                throw new IllegalStateException(name + ": unit at page " + page + " of kind " + kind + " and " + count
                        + " pages has tail saying kind " + kind(tail) + ", " + count(tail) + " pages");
            }
            if (kind == FREE) {
                if (previousFree) {
                    throw new IllegalStateException(name + ": free run at page " + page + " touches the one before"
                            + " (expected: coalesced)");
                }
                freeHead[page] = true;
                freeRuns++;
            } else if (kind != META) {
                units.unit(page, kind, count);
            }
            previousFree = kind == FREE;
            page += count;
        }
        long listed = 0;
        int freemap = bk.getInt(FREEMAP);
        for (int list = 0; list < LISTS; list++) {
            int previous = NIL;
            for (int run = head(list); run != NIL; run = bk.getInt(descriptor(run) + B)) {
                if (run < 0 || run >= pages || !freeHead[run] || listOf(count(run)) != list || aux(run) != previous) {
                    throw new IllegalStateException(name + ": list " + list + " holds page " + run + " of kind "
                            + kind(run) + ", " + count(run) + " pages, back link " + aux(run) + " (expected: a free run"
                            + " of 2^" + list + " pages or more, back link " + previous + ")");
                }
                freeHead[run] = false;
                previous = run;
                if (++listed > freeRuns) {
                    throw new IllegalStateException(name + ": the free lists hold more runs than the "
                            + freeRuns + " free ones (a loop?)");
                }
            }
            if ((freemap >>> list & 1) != (head(list) == NIL ? 0 : 1)) {
                throw new IllegalStateException(name + ": freemap bit " + list + " disagrees with its list");
            }
        }
        if (listed != freeRuns) {
            throw new IllegalStateException(name + ": " + listed + " runs on the free lists, " + freeRuns
                    + " free runs in the map");
        }
    }
}
