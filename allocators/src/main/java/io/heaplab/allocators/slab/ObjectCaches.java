package io.heaplab.allocators.slab;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import java.util.Arrays;

/**
 * The object caches of {@link SlabAllocator}, one per buffer size, each a list of slabs (Bonwick, "The Slab
 * Allocator: An Object-Caching Kernel Memory Allocator", USENIX Summer 1994, section 3 and slab colouring; the list
 * discipline of {@code kmem_slab_alloc} and {@code kmem_slab_free} with {@code cache_freelist} and
 * {@code cache_nullslab}).
 *
 * <h2>A cache</h2>
 *
 * Each cache keeps a circular, doubly linked list of its slabs through a sentinel, the "null slab" inside its
 * {@code kmem_cache}, partially sorted: full slabs first, then partial ones, then complete ones (every buffer free);
 * its freelist pointer names the first slab that is not full, or the null slab, whose empty free list sends the
 * allocation to create a slab. So allocation takes from a partial slab before a complete one, and:
 *
 * <ul>
 *   <li>a new slab goes in before the freelist pointer (at the tail: there is no slab that is not full) and
 *       becomes the freelist;</li>
 *   <li>taking a slab's last free buffer moves the freelist pointer on to the next slab (partial to full);</li>
 *   <li>freeing into a full slab moves it in front of the freelist pointer, which then names it (full to
 *       partial);</li>
 *   <li>freeing a slab's last allocated buffer moves it to the tail (partial to complete), where it waits to be
 *       reaped, or, with {@code release}, destroys it at once, its pages going back to the page level, as the
 *       illumos code read does.</li>
 * </ul>
 *
 * Within a slab the free buffers form a LIFO list threaded through the buffers themselves: the link, a
 * {@code bufctl} of one word, lies in a free buffer's last 8 bytes ({@code cache_bufctl = chunksize - KMEM_ALIGN},
 * at the end "to facilitate debugging", section 3.2.3). A new slab's list is built as {@code kmem_slab_create}
 * builds it, pushing the buffers in address order, so its first buffer handed out is its last one.
 *
 * <h2>Small and large slabs</h2>
 *
 * <pre>
 *  small (buffer &lt; p / 8): one page, kmem_slab at its end     large: the best of 1..8 buffers' pages
 * +-------+------+------+-- .. --+------+--------+-----------+   +-------+-----------+-----------+------+
 * |colour | buf  | buf  |        | buf  | unused | kmem_slab |   |colour | buf       | buf       |unused|
 * +-------+------+------+-- .. --+------+--------+-----------+   +-------+-----------+-----------+------+
 *  address rounded down to the page + p - 32 = its kmem_slab      page map: every page -&gt; its kmem_slab, a
 *                                                                 buffer of the kmem_slab cache (on-page)
 *
 *  kmem_slab (32 bytes)  next  prev  head (first free buffer)  refcnt  colour  cache  page  chunks
 *  kmem_cache (24 bytes) null slab: next  prev  head = 0  refcnt = -1;  freelist  colour
 * </pre>
 *
 * A buffer smaller than an eighth of a page lives in a one-page slab whose {@code kmem_slab} sits at the end of the
 * page, found from a buffer by rounding its address down (section 3.2.3). A larger buffer lives in a slab of the
 * pages that waste least per buffer among room for 1 to 8 buffers ({@code kmem_cache_create}'s best fit), laid out
 * as it is used, its {@code kmem_slab} a buffer of an internal on-page cache, {@code kmem_slab_cache} (section
 * 3.2.4). Bonwick gives each large buffer an external bufctl and finds it through a per-cache hash table; here the
 * page map names a page's slab, and the free buffers link through their own last word as small ones do: one load
 * finds the slab, where the hash costs a bucket and a chain.
 *
 * <h2>Colouring</h2>
 *
 * The space a slab cannot use, {@code maxcolour = (slab - kmem_slab) mod chunk} ({@code slab mod chunk} for large
 * ones), shifts its first buffer by a colour: the first slab of a cache starts at offset 0, each new one 8 bytes
 * (the cache's alignment) further, back to 0 past {@code maxcolour} (the paper: "0, 200, 400 ... then 8, 208,
 * 408"). illumos increments before the first slab, so its first colour is 8.
 *
 * <h2>Bookkeeping in the heap</h2>
 *
 * Everything the real allocator keeps in memory is in the heap: the kmem_caches (null slab, freelist, colour), the
 * kmem_slabs, the in-buffer links, the page map. Links are 32-bit words counting 8-byte units ({@code address >>> 3},
 * 0 for none). A cache's constants (chunk size, slab pages, largest colour, layout) are Java arrays: the real one
 * reads them from the kmem_cache whose freelist it has just read, a page these references already touched.
 */
final class ObjectCaches {

    /** kmem_slab fields. */
    static final int NEXT = 0;
    static final int PREV = 4;
    static final int HEAD = 8;
    static final int REFCNT = 12;
    static final int COLOUR = 16;
    static final int CACHE = 20;
    static final int PAGE = 24;
    static final int CHUNKS = 28;
    static final int SLAB_BYTES = 32;
    /** kmem_cache fields after its null slab's next, prev, head and refcnt. */
    static final int FREELIST = 16;
    static final int NEXT_COLOUR = 20;
    static final int CACHE_BYTES = 24;
    /** The most buffers a large slab is sized for ({@code KMEM_VOID_FRACTION}). */
    static final int VOID_FRACTION = 8;

    private final HeapAccess bk;
    private final PageLevel pages;
    private final int pageSize;
    private final int shift;
    private final boolean release;
    /** The address of kmem_cache 0; the others follow. */
    private final long cacheBase;
    /** The index of {@code kmem_slab_cache}, after the {@code kmem_alloc} caches. */
    private final int slabCache;

    private final int[] chunk;
    private final boolean[] onPage;
    private final int[] slabPages;
    private final int[] maxColour;

    /** Buffers handed out by the {@code kmem_alloc} caches and not yet freed; their bytes. */
    private long liveBuffers;
    private long liveBytes;
    private long searches;

    /**
     * @param release whether a slab whose last buffer comes back is destroyed at once, instead of waiting at the
     *                tail of its cache's list for a reap
     */
    ObjectCaches(PageLevel pages, HeapAccess bookkeeping, CacheSizes sizes, long cacheBase, boolean release) {
        this.bk = bookkeeping;
        this.pages = pages;
        this.pageSize = pages.pageSize();
        this.shift = Integer.numberOfTrailingZeros(pageSize);
        this.release = release;
        this.cacheBase = cacheBase;
        int count = sizes.count() + 1;
        this.slabCache = count - 1;
        this.chunk = new int[count];
        this.onPage = new boolean[count];
        this.slabPages = new int[count];
        this.maxColour = new int[count];
        for (int k = 0; k < count; k++) {
            // kmem_slab_cache is KMC_NOHASH: on-page whatever the page size, so it never needs a kmem_slab itself
            chunk[k] = k == slabCache ? SLAB_BYTES : sizes.size(k);
            onPage[k] = k == slabCache || chunk[k] < pageSize / VOID_FRACTION;
            long slab = onPage[k] ? pageSize : bestFit(chunk[k], pageSize);
            slabPages[k] = (int) (slab >>> shift);
            long colours = onPage[k] ? (pageSize - SLAB_BYTES) % chunk[k] : slab % chunk[k];
            maxColour[k] = (int) Math.min(colours, pageSize - 1);
            long cache = cache(k);
            int self = id(cache);
            bk.setInt(cache + NEXT, self);
            bk.setInt(cache + PREV, self);
            bk.setInt(cache + REFCNT, -1);
            bk.setInt(cache + FREELIST, self);
        }
    }

    /** Bytes of the kmem_caches of {@code count} {@code kmem_alloc} caches and {@code kmem_slab_cache}. */
    static int tableBytes(int count) {
        return (count + 1) * CACHE_BYTES;
    }

    /**
     * {@code kmem_cache_create}'s slab size for a large chunk: for 1 to 8 buffers, the pages that hold them, and the
     * size that wastes least per buffer it then holds (the loop advances past the buffers a size holds, as illumos's
     * does).
     */
    static long bestFit(long chunk, int pageSize) {
        long best = 0;
        long minWaste = Long.MAX_VALUE;
        for (long n = 1; n <= VOID_FRACTION; n++) {
            long slab = (chunk * n + pageSize - 1) / pageSize * pageSize;
            n = slab / chunk;
            long waste = slab % chunk / n;
            if (waste < minWaste) {
                minWaste = waste;
                best = slab;
            }
        }
        return best;
    }

    // ---- kmem_slab_alloc

    /** A buffer of cache {@code k}, or {@link Allocator#NO_FIT} when no slab can be made. */
    long allocate(int k) {
        long cache = cache(k);
        int sp = bk.getInt(cache + FREELIST);
        searches++;
        long slab = address(sp);
        int buffer = bk.getInt(slab + HEAD);
        if (buffer == 0) {
            // the freelist is the null slab: every slab is full
            sp = createSlab(k);
            if (sp == 0) {
                return Allocator.NO_FIT;
            }
            slab = address(sp);
            linkBefore(sp, bk.getInt(cache + FREELIST));
            bk.setInt(cache + FREELIST, sp);
            buffer = bk.getInt(slab + HEAD);
        }
        bk.setInt(slab + REFCNT, bk.getInt(slab + REFCNT) + 1);
        long address = address(buffer);
        int next = bk.getInt(address + chunk[k] - CacheSizes.ALIGN);
        bk.setInt(slab + HEAD, next);
        if (next == 0) {
            bk.setInt(cache + FREELIST, bk.getInt(slab + NEXT));
        }
        if (k != slabCache) {
            liveBuffers++;
            liveBytes += chunk[k];
        }
        return address;
    }

    /** {@code kmem_slab_create}: a slab of cache {@code k} on the list of none, or 0 when no pages can be had. */
    private int createSlab(int k) {
        int kind = onPage[k] ? PageLevel.SMALL : PageLevel.LARGE;
        int page = pagesFor(slabPages[k], kind);
        if (page == PageLevel.NIL) {
            return 0;
        }
        long base = (long) page << shift;
        long slab;
        long room;
        if (onPage[k]) {
            slab = base + pageSize - SLAB_BYTES;
            room = pageSize - SLAB_BYTES;
        } else {
            slab = allocate(slabCache);
            if (slab == Allocator.NO_FIT) {
                pages.free(page, slabPages[k]);
                return 0;
            }
            for (int i = 0; i < slabPages[k]; i++) {
                pages.markSlabPage(page + i, id(slab));
            }
            room = (long) slabPages[k] << shift;
        }
        long cache = cache(k);
        int colour = bk.getInt(cache + NEXT_COLOUR);
        bk.setInt(cache + NEXT_COLOUR, colour + CacheSizes.ALIGN > maxColour[k] ? 0 : colour + CacheSizes.ALIGN);
        int chunks = (int) ((room - colour) / chunk[k]);
        // kmem_slab_create pushes every buffer in address order: the last is the head, each links to the one before
        int head = 0;
        long buffer = base + colour;
        for (int i = 0; i < chunks; i++, buffer += chunk[k]) {
            bk.setInt(buffer + chunk[k] - CacheSizes.ALIGN, head);
            head = id(buffer);
        }
        bk.setInt(slab + HEAD, head);
        bk.setInt(slab + REFCNT, 0);
        bk.setInt(slab + COLOUR, colour);
        bk.setInt(slab + CACHE, k);
        bk.setInt(slab + PAGE, page);
        bk.setInt(slab + CHUNKS, chunks);
        return id(slab);
    }

    /** Pages from the page level; when it has none to give, every cache is reaped and it is asked once more. */
    int pagesFor(int n, int kind) {
        int page = pages.allocate(n, kind);
        if (page == PageLevel.NIL && !release && reap() > 0) {
            page = pages.allocate(n, kind);
        }
        return page;
    }

    // ---- kmem_slab_free

    /**
     * Takes back buffer {@code address} of cache {@code k}: its slab found from the address (the page's end for a
     * small slab, the page map for a large one).
     *
     * @throws IllegalArgumentException when the address is no allocated buffer of cache {@code k}
     */
    void free(int k, long address) {
        long slab = slabOf(k, address);
        int sp = id(slab);
        long cache = cache(k);
        int head = bk.getInt(slab + HEAD);
        if (head == 0) {
            // full to partial: in front of the freelist pointer, which now names it
            unlink(sp);
            linkBefore(sp, bk.getInt(cache + FREELIST));
            bk.setInt(cache + FREELIST, sp);
        }
        bk.setInt(address + chunk[k] - CacheSizes.ALIGN, head);
        bk.setInt(slab + HEAD, id(address));
        int refcnt = bk.getInt(slab + REFCNT) - 1;
        bk.setInt(slab + REFCNT, refcnt);
        if (k != slabCache) {
            liveBuffers--;
            liveBytes -= chunk[k];
        }
        if (refcnt > 0) {
            return;
        }
        int next = bk.getInt(slab + NEXT);
        if (release) {
            unlink(sp);
            if (bk.getInt(cache + FREELIST) == sp) {
                bk.setInt(cache + FREELIST, next);
            }
            destroySlab(k, slab);
        } else if (next != id(cache)) {
            // partial to complete: to the tail, behind every slab with a buffer allocated
            if (bk.getInt(cache + FREELIST) == sp) {
                bk.setInt(cache + FREELIST, next);
            }
            unlink(sp);
            linkBefore(sp, id(cache));
        }
    }

    private long slabOf(int k, long address) {
        int page = (int) (address >>> shift);
        if (address < 0 || page < 1 || page >= pages.pages()) {
            throw misuse(k, address, "outside the heap");
        }
        long slab;
        if (onPage[k]) {
            if (pages.kind(page) != PageLevel.SMALL) {
                throw misuse(k, address, "not in a small slab");
            }
            slab = ((long) page << shift) + pageSize - SLAB_BYTES;
        } else {
            if (pages.kind(page) != PageLevel.LARGE) {
                throw misuse(k, address, "not in a large slab");
            }
            slab = address(pages.aux(page));
        }
        if (bk.getInt(slab + CACHE) != k) {
            throw misuse(k, address, "in a slab of cache " + bk.getInt(slab + CACHE));
        }
        long offset = address - ((long) bk.getInt(slab + PAGE) << shift) - bk.getInt(slab + COLOUR);
        if (offset < 0 || offset % chunk[k] != 0 || offset / chunk[k] >= bk.getInt(slab + CHUNKS)
                || bk.getInt(slab + REFCNT) < 1) {
            throw misuse(k, address, "not an allocated buffer's address");
        }
        return slab;
    }

    private IllegalArgumentException misuse(int k, long address, String why) {
        return new IllegalArgumentException(SlabAllocatorProvider.NAME + ": free of " + address + " to the "
                + chunk[k] + "-byte cache: " + why);
    }

    /** {@code kmem_slab_destroy}: its pages back to the page level, a large slab's kmem_slab back to its cache. */
    private void destroySlab(int k, long slab) {
        int page = bk.getInt(slab + PAGE);
        pages.free(page, slabPages[k]);
        if (!onPage[k]) {
            free(slabCache, slab);
        }
    }

    // ---- kmem_cache_reap

    /**
     * Destroys the complete slabs at the tail of every cache, {@code kmem_alloc}'s caches first, then
     * {@code kmem_slab_cache}, to which their large slabs give back their kmem_slabs. Returns the slabs destroyed.
     */
    int reap() {
        int reaped = 0;
        for (int k = 0; k <= slabCache; k++) {
            long cache = cache(k);
            int self = id(cache);
            int freelist = bk.getInt(cache + FREELIST);
            boolean freelistReaped = false;
            for (int sp = bk.getInt(cache + PREV); sp != self && bk.getInt(address(sp) + REFCNT) == 0; ) {
                int previous = bk.getInt(address(sp) + PREV);
                freelistReaped |= sp == freelist;
                unlink(sp);
                destroySlab(k, address(sp));
                reaped++;
                sp = previous;
            }
            if (freelistReaped) {
                // the freelist was complete, so no slab was partial: every slab left is full
                bk.setInt(cache + FREELIST, self);
            }
        }
        return reaped;
    }

    // ---- the slab list

    private void linkBefore(int sp, int before) {
        int previous = bk.getInt(address(before) + PREV);
        bk.setInt(address(sp) + NEXT, before);
        bk.setInt(address(sp) + PREV, previous);
        bk.setInt(address(previous) + NEXT, sp);
        bk.setInt(address(before) + PREV, sp);
    }

    private void unlink(int sp) {
        int next = bk.getInt(address(sp) + NEXT);
        int previous = bk.getInt(address(sp) + PREV);
        bk.setInt(address(previous) + NEXT, next);
        bk.setInt(address(next) + PREV, previous);
    }

    static int id(long address) {
        return (int) (address >>> 3);
    }

    static long address(int id) {
        return (long) id << 3;
    }

    long cache(int k) {
        return cacheBase + (long) k * CACHE_BYTES;
    }

    // ---- for the allocator, tests and reports

    int count() {
        return slabCache + 1;
    }

    int slabCacheIndex() {
        return slabCache;
    }

    int chunk(int k) {
        return chunk[k];
    }

    boolean onPage(int k) {
        return onPage[k];
    }

    int slabPages(int k) {
        return slabPages[k];
    }

    int maxColour(int k) {
        return maxColour[k];
    }

    long liveBytes() {
        return liveBytes;
    }

    long searches() {
        return searches;
    }

    /** The kmem_slab addresses of cache {@code k}'s list, from the null slab's next to its prev. */
    long[] slabs(int k) {
        long cache = cache(k);
        int n = 0;
        for (int sp = bk.getInt(cache + NEXT); sp != id(cache); sp = bk.getInt(address(sp) + NEXT)) {
            n++;
        }
        long[] slabs = new long[n];
        int i = 0;
        for (int sp = bk.getInt(cache + NEXT); sp != id(cache); sp = bk.getInt(address(sp) + NEXT)) {
            slabs[i++] = address(sp);
        }
        return slabs;
    }

    /** The kmem_slab that cache {@code k}'s freelist pointer names, or the cache's own address (its null slab). */
    long freelist(int k) {
        return address(bk.getInt(cache(k) + FREELIST));
    }

    /** Buffers of slab {@code slab} on its free list, head first. */
    long[] freeBuffers(int k, long slab) {
        int chunks = bk.getInt(slab + CHUNKS);
        long[] found = new long[chunks];
        int n = 0;
        for (int b = bk.getInt(slab + HEAD); b != 0; b = bk.getInt(address(b) + chunk[k] - CacheSizes.ALIGN)) {
            if (n == chunks) {
                throw new IllegalStateException(SlabAllocatorProvider.NAME + ": slab " + slab + " of the "
                        + chunk[k] + "-byte cache has more free buffers than its " + chunks + " (a loop?)");
            }
            found[n++] = address(b);
        }
        return Arrays.copyOf(found, n);
    }

    int refcnt(long slab) {
        return bk.getInt(slab + REFCNT);
    }

    int colour(long slab) {
        return bk.getInt(slab + COLOUR);
    }

    int chunks(long slab) {
        return bk.getInt(slab + CHUNKS);
    }

    int page(long slab) {
        return bk.getInt(slab + PAGE);
    }

    // ---- verify

    /**
     * Each cache's list: links both ways, every slab of the cache, full ones first, then partial, then complete
     * (none with {@code release}), the freelist pointer at the first that is not full; each slab's colour a multiple
     * of 8 up to the cache's largest, its buffer count what that colour leaves, its free list inside it on buffer
     * boundaries and as long as its free buffers. Returns the slabs found, small and large, for the caller to match
     * with the page map; fails if the live buffers' count or bytes disagree with the slabs' reference counts.
     */
    long[] verify() {
        String name = SlabAllocatorProvider.NAME;
        long small = 0;
        long large = 0;
        long buffers = 0;
        long bytes = 0;
        long records = 0;
        for (int k = 0; k <= slabCache; k++) {
            long cache = cache(k);
            int self = id(cache);
            int freelist = bk.getInt(cache + FREELIST);
            int firstNotFull = self;
            int phase = 0;
            int previous = self;
            long n = 0;
            for (int sp = bk.getInt(cache + NEXT); sp != self; sp = bk.getInt(address(sp) + NEXT)) {
                long slab = address(sp);
                String what = name + ": slab " + slab + " of the " + chunk[k] + "-byte cache";
                if (++n > pages.pages()) {
                    throw new IllegalStateException(name + ": the " + chunk[k] + "-byte cache's list loops");
                }
                if (bk.getInt(slab + PREV) != previous || bk.getInt(slab + CACHE) != k) {
                    throw new IllegalStateException(what + " links back to " + address(bk.getInt(slab + PREV))
                            + " and names cache " + bk.getInt(slab + CACHE) + " (expected: " + address(previous)
                            + ", " + k + ")");
                }
                int colour = bk.getInt(slab + COLOUR);
                int chunks = bk.getInt(slab + CHUNKS);
                long room = onPage[k] ? pageSize - SLAB_BYTES : (long) slabPages[k] << shift;
                if (colour < 0 || colour > maxColour[k] || colour % CacheSizes.ALIGN != 0
                        || chunks != (room - colour) / chunk[k]) {
                    throw new IllegalStateException(what + " has colour " + colour + " and " + chunks + " buffers"
                            + " (expected: a multiple of 8 up to " + maxColour[k] + ", the buffers that leaves)");
                }
                long base = ((long) bk.getInt(slab + PAGE) << shift) + colour;
                long[] free = freeBuffers(k, slab);
                for (long b : free) {
                    if (b < base || (b - base) % chunk[k] != 0 || (b - base) / chunk[k] >= chunks) {
                        throw new IllegalStateException(what + " has free buffer " + b + " off its buffers");
                    }
                }
                int refcnt = bk.getInt(slab + REFCNT);
                if (refcnt + free.length != chunks) {
                    throw new IllegalStateException(what + " has " + refcnt + " buffers allocated and " + free.length
                            + " free (expected: " + chunks + " in all)");
                }
                int slabPhase = refcnt == chunks ? 0 : refcnt > 0 ? 1 : 2;
                if (slabPhase < phase || (release && slabPhase == 2)) {
                    throw new IllegalStateException(what + " is " + (slabPhase == 0 ? "full" : slabPhase == 1
                            ? "partial" : "complete") + " out of order (expected: full, partial, then complete"
                            + (release ? " slabs destroyed" : "") + ")");
                }
                if (slabPhase > 0 && firstNotFull == self) {
                    firstNotFull = sp;
                }
                phase = slabPhase;
                previous = sp;
                if (onPage[k]) {
                    small++;
                } else {
                    large++;
                }
                if (k == slabCache) {
                    records += refcnt;
                } else {
                    buffers += refcnt;
                    bytes += (long) refcnt * chunk[k];
                }
            }
            if (bk.getInt(cache + PREV) != previous || freelist != firstNotFull) {
                throw new IllegalStateException(name + ": the " + chunk[k] + "-byte cache's null slab links back to "
                        + address(bk.getInt(cache + PREV)) + ", its freelist names " + address(freelist)
                        + " (expected: " + address(previous) + ", " + address(firstNotFull) + ")");
            }
        }
        if (buffers != liveBuffers || bytes != liveBytes || records != large) {
            throw new IllegalStateException(name + ": slabs hold " + buffers + " buffers of " + bytes + " bytes and "
                    + records + " kmem_slabs (expected: " + liveBuffers + " buffers of " + liveBytes + " bytes, "
                    + large + " kmem_slabs for the large slabs)");
        }
        return new long[] {small, large};
    }

    /** Checks a page map unit of a slab: a small slab's kmem_slab at its end, a large one's pages naming theirs. */
    void verifySlabPages(int page, int kind, int count) {
        String name = SlabAllocatorProvider.NAME;
        long slab = kind == PageLevel.SMALL ? ((long) page << shift) + pageSize - SLAB_BYTES : address(pages.aux(page));
        int k = bk.getInt(slab + CACHE);
        if (k < 0 || k > slabCache || onPage[k] != (kind == PageLevel.SMALL) || slabPages[k] != count
                || bk.getInt(slab + PAGE) != page) {
            throw new IllegalStateException(name + ": the slab at page " + page + " of " + count + " pages names cache "
                    + k + " and page " + bk.getInt(slab + PAGE));
        }
        for (int i = 1; i < count; i++) {
            if (pages.kind(page + i) != PageLevel.LARGE || pages.aux(page + i) != id(slab)) {
                throw new IllegalStateException(name + ": page " + (page + i) + " of the large slab at page " + page
                        + " does not name its kmem_slab");
            }
        }
    }
}
