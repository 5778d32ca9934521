package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.Heap;
import java.util.Arrays;

/**
 * The arena's page allocator, jemalloc's {@code pac_t} over {@code src/extent.c} (5.3.0): extents of whole pages
 * taken from the dirty set, else from the retained set, else from a new reservation; split to the size asked, and
 * coalesced with free neighbours when freed.
 *
 * <h2>Taking an extent ({@code pac_alloc_real})</h2>
 *
 * <ol>
 * <li>The dirty set (freed extents, their pages still resident): the oldest, then lowest, adequate extent no more
 *     than 64 times the request ({@link Eset#firstFit}); its tail beyond the request goes back to the dirty set
 *     as is ({@code extent_split_interior}: no lead, since the alignment is a page).</li>
 * <li>The muzzy set is always empty here, since nothing decays (see below).</li>
 * <li>The retained set ({@code extent_alloc_retained}): address space reserved and never touched, the tails of the
 *     reservations; the oldest that is large enough, split the same way.</li>
 * <li>A new reservation ({@code extent_grow_retained}): {@code exp_grow} gives its size, the first page-size class
 *     from {@code exp_grow.next} that holds the request; {@code next} starts at the huge page (2 MiB) and passes
 *     the class used, so reservations grow geometrically: 2, 2.5, 3, 3.5, 4, 5 ... MiB. The request is its head; the
 *     rest is retained. Each reservation has its own serial number, which every piece of it keeps.</li>
 * </ol>
 *
 * <h2>Touched pages and the heap</h2>
 *
 * jemalloc reserves the whole reservation; the system makes its pages resident when they are first written. Here a
 * reservation is a budget with no place in the heap: a piece taken from its untouched tail is placed at the heap's
 * break, and the heap grows by just that piece. The heap is therefore the pages jemalloc has handed out (plus the
 * base's). Two pieces of one reservation taken one after the other lie side by side here as they do in jemalloc;
 * when a base page or a piece of another reservation was touched between them, they do not, and then they cannot
 * coalesce, where jemalloc's could. Pieces of different reservations never coalesce: jemalloc forbids merging
 * across the head of a reservation ({@code extent_neighbor_head_state_mergeable}); the serial number tells them
 * apart.
 *
 * <h2>Freeing an extent ({@code extent_record} into the dirty set)</h2>
 *
 * The dirty set coalesces lazily ({@code delay_coalesce}): an extent of less than {@code SC_LARGE_MINCLASS} (a
 * slab) is filed as is; a larger one merges with its dirty neighbours of the same reservation, again and again, the
 * merged extent keeping the lower serial number. One that is then at least {@code opt_oversize_threshold} (8 MiB) is
 * purged at once ({@code extent_maximally_purge}): jemalloc gives its pages back and files it as retained; here its
 * pages stay in the heap (the heap never shrinks) and it is filed in the retained set with its address, where it
 * coalesces with retained neighbours.
 *
 * <p>Decay is not modelled: jemalloc purges dirty pages after {@code opt_dirty_decay_ms} (10 s) and gives them back
 * to the system, but a heaplab heap cannot shrink, and a run has no clock in seconds; freed extents stay dirty and
 * are reused.
 *
 * <h2>The page map</h2>
 *
 * jemalloc's {@code emap} is a radix tree from page to descriptor, in base memory, with the thread's
 * {@code rtree_ctx} cache in front; here it is a Java array by page number, a shadow not paged (its resident cost in
 * jemalloc is 8 bytes per mapped page, 0.2%). As in jemalloc, an active slab maps every page (a region is found from
 * any address), and every other extent its first and last pages (the boundaries coalescing looks up).
 */
final class Extents {

    /** {@code opt_lg_extent_max_active_fit}. */
    static final int LG_MAX_ACTIVE_FIT = 6;
    /** {@code OVERSIZE_THRESHOLD_DEFAULT}. */
    static final long OVERSIZE_THRESHOLD = 8L << 20;
    /** {@code HUGEPAGE}, where {@code exp_grow} starts. */
    static final long HUGEPAGE = 2L << 20;

    private final Heap heap;
    private final Edata ed;
    private final Base base;
    private final SizeClasses sc;
    private final Eset dirty;
    private final Eset retained;
    private final int pageShift;
    private final long largeMin;
    /** The shadow of jemalloc's rtree: descriptor by page number, 0 for none. */
    private long[] pageMap = new long[64];
    /** {@code exp_grow.next}: the page-size class of the next reservation, at least. */
    private int growNext;
    private final int growLimit;
    /** {@code extent_sn_next}. */
    private long snNext = 1;
    private long reservations;
    private long reservedBytes;

    Extents(Heap heap, Edata ed, Base base, SizeClasses sc, long pad, long dirtyAt, long retainedAt) {
        this.heap = heap;
        this.ed = ed;
        this.base = base;
        this.sc = sc;
        ExtentHeap heaps = new ExtentHeap(heap.bookkeeping(), ed);
        this.dirty = new Eset(heap.bookkeeping(), ed, heaps, sc, pad, dirtyAt);
        this.retained = new Eset(heap.bookkeeping(), ed, heaps, sc, pad, retainedAt);
        this.pageShift = heap.pageShift();
        this.largeMin = (long) heap.pageSize() << SizeClasses.LG_NGROUP;
        this.growNext = sc.pszIndex(HUGEPAGE);
        this.growLimit = sc.pszIndex(sc.largeMax());
    }

    /**
     * {@code pa_alloc}: an active extent of {@code size} bytes (a page multiple), a slab of small class
     * {@code szind} or a large extent of class {@code szind}; 0 when a bounded heap cannot hold it.
     */
    long alloc(long size, boolean slab, int szind) {
        // a split needs one new descriptor, a new reservation two
        if (!base.reserve(2)) {
            return 0;
        }
        long e = dirty.firstFit(size, LG_MAX_ACTIVE_FIT);
        if (e != 0) {
            dirty.remove(e);
            splitTail(e, size, dirty);
        } else {
            e = retained.firstFit(size, 64);
            e = e != 0 ? fromRetained(e, size) : grow(size);
            if (e == 0) {
                return 0;
            }
        }
        ed.state(e, Edata.ACTIVE);
        ed.kind(e, slab, szind);
        if (slab) {
            long first = ed.addr(e) >>> pageShift;
            for (long p = first; p < first + (size >>> pageShift); p++) {
                pageMap[(int) p] = e;
            }
        } else {
            mapBoundaries(e);
        }
        return e;
    }

    /** Cuts the part past {@code size} off {@code e} (in {@code set}'s state) and files it in {@code set}. */
    private void splitTail(long e, long size, Eset set) {
        long rest = ed.size(e) - size;
        if (rest == 0) {
            return;
        }
        long trail = base.get();
        ed.init(trail, ed.addr(e) + size, rest, ed.sn(e));
        ed.state(trail, ed.state(e));
        ed.size(e, size);
        mapBoundaries(trail);
        set.insert(trail);
    }

    /** Takes {@code size} bytes from the retained extent {@code e}: touched (purged) ones split, tails touched now. */
    private long fromRetained(long e, long size) {
        long addr = ed.addr(e);
        if (addr >= 0) {
            retained.remove(e);
            splitTail(e, size, retained);
            return e;
        }
        long at = heap.grow(size);
        if (at == Heap.NO_ROOM) {
            return 0;
        }
        retained.remove(e);
        long rest = ed.size(e) - size;
        if (rest > 0) {
            long trail = base.get();
            ed.init(trail, -1, rest, ed.sn(e));
            ed.state(trail, Edata.RETAINED);
            retained.insert(trail);
        }
        ed.addr(e, at);
        ed.size(e, size);
        touched(at + size);
        return e;
    }

    /** {@code extent_grow_retained}: a new reservation whose head of {@code size} bytes is touched now. */
    private long grow(long size) {
        int pind = growNext;
        while (sc.pindSize(pind) < size) {
            if (++pind >= growLimit) {
                return 0;
            }
        }
        long reservation = sc.pindSize(pind);
        long at = heap.grow(size);
        if (at == Heap.NO_ROOM) {
            return 0;
        }
        long sn = snNext++;
        long e = base.get();
        ed.init(e, at, size, sn);
        if (reservation > size) {
            long trail = base.get();
            ed.init(trail, -1, reservation - size, sn);
            ed.state(trail, Edata.RETAINED);
            retained.insert(trail);
        }
        growNext = Math.min(pind + 1, growLimit);
        reservations++;
        reservedBytes += reservation;
        touched(at + size);
        return e;
    }

    /** Makes the page map reach the page before {@code end} and the one after it. */
    private void touched(long end) {
        long pages = (end >>> pageShift) + 1;
        if (pages > pageMap.length) {
            pageMap = Arrays.copyOf(pageMap, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(pages, 2L * pageMap.length)));
        }
    }

    private void mapBoundaries(long e) {
        long first = ed.addr(e) >>> pageShift;
        pageMap[(int) first] = e;
        pageMap[(int) (first + (ed.size(e) >>> pageShift) - 1)] = e;
    }

    /** The descriptor of the active extent whose page holds {@code address}: {@code emap_edata_lookup}. */
    long lookup(long address) {
        return pageMap[(int) (address >>> pageShift)];
    }

    /** {@code pa_dalloc}: an active extent back to the dirty set, coalesced if large, purged if oversize. */
    void dalloc(long e) {
        ed.kind(e, false, 0);
        ed.state(e, Edata.DIRTY);
        if (ed.size(e) >= largeMin) {
            e = coalesce(e, dirty, Edata.DIRTY);
            if (ed.size(e) >= OVERSIZE_THRESHOLD) {
                ed.state(e, Edata.RETAINED);
                e = coalesce(e, retained, Edata.RETAINED);
                mapBoundaries(e);
                retained.insert(e);
                return;
            }
        }
        mapBoundaries(e);
        dirty.insert(e);
    }

    /** Merges {@code e} (out of every set) with its neighbours of {@code state} in {@code set} until none is left. */
    private long coalesce(long e, Eset set, int state) {
        boolean again = true;
        while (again) {
            again = false;
            long next = neighbour(e, state, true);
            if (next != 0) {
                set.remove(next);
                ed.size(e, ed.size(e) + ed.size(next));
                base.put(next);
                again = true;
            }
            long prev = neighbour(e, state, false);
            if (prev != 0) {
                set.remove(prev);
                ed.size(prev, ed.size(prev) + ed.size(e));
                base.put(e);
                e = prev;
                again = true;
            }
        }
        return e;
    }

    /** {@code emap_try_acquire_edata_neighbor}: the free extent of {@code state} just after or before {@code e}. */
    private long neighbour(long e, int state, boolean forward) {
        long addr = ed.addr(e);
        long page = forward ? addr + ed.size(e) >>> pageShift : (addr >>> pageShift) - 1;
        if (page < 0 || page >= pageMap.length) {
            return 0;
        }
        long n = pageMap[(int) page];
        if (n == 0 || n == e || ed.state(n) != state || ed.sn(n) != ed.sn(e)) {
            return 0;
        }
        boolean adjacent = forward ? ed.addr(n) == addr + ed.size(e) : ed.addr(n) + ed.size(n) == addr;
        return adjacent ? n : 0;
    }

    long searches() {
        return dirty.searches() + retained.searches();
    }

    Eset dirty() {
        return dirty;
    }

    Eset retained() {
        return retained;
    }

    /** Reservations made so far. */
    long reservations() {
        return reservations;
    }

    /** Address space reserved so far, touched or not: what jemalloc would have mapped. */
    long reservedBytes() {
        return reservedBytes;
    }

    /** The page-size class {@code exp_grow} starts the next reservation at. */
    int growNext() {
        return growNext;
    }

    /** The descriptor the page map holds for page {@code page}, or 0. */
    long mapped(long page) {
        return page < pageMap.length ? pageMap[(int) page] : 0;
    }
}
