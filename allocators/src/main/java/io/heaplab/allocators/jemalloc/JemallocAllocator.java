package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;

/**
 * jemalloc 5.3.0 as one thread with its thread cache sees it, on one arena (Evans 2006; the source read is the tag
 * {@code 5.3.0} of github.com/jemalloc/jemalloc: {@code sc.c}, {@code sz.c}, {@code bin_info.c}, {@code arena.c},
 * {@code bin.c}, {@code tcache.c}, {@code cache_bin.h}, {@code extent.c}, {@code eset.c}, {@code pac.c},
 * {@code exp_grow.c}, {@code base.c}, {@code edata.h}, {@code emap.c}, and the man page's option defaults).
 *
 * <h2>What it keeps</h2>
 *
 * <ul>
 * <li>The size classes, computed as {@code sc.c} computes them for the heap's page ({@link SizeClasses}): 8, 16,
 *     32, 48, 64, 80 ... four per doubling; small below four pages (up to 14 KiB with 4 KiB pages), large above.</li>
 * <li>Small sizes from slabs ({@link Bins}): a slab of each class as {@code slab_size} chooses it, its regions'
 *     bitmap in its descriptor, the lowest free region first, the current slab and the oldest-then-lowest non-full
 *     slab after it, a slab emptied back to the extents.</li>
 * <li>The thread cache ({@link Tcache}): a stack per class up to 32 KiB, filled in batches and flushed by halves,
 *     its fill count adapted by the incremental collection every 64 KiB; {@code tcache=false} turns it off, as
 *     {@code MALLOC_CONF=tcache:false} does.</li>
 * <li>Large sizes as whole-page extents of their class plus one page ({@code sz_large_pad}: {@code cache_oblivious}
 *     is on by default), the block placed at a random cache line of the first page from a seeded generator
 *     ({@code arena_cache_oblivious_randomize}); extents split and coalesced, found first in the dirty set, then the
 *     retained one, then in a new reservation of {@code exp_grow}'s geometric sizes ({@link Extents}).</li>
 * <li>The metadata in base memory ({@link Base}): the arena's bins and extent sets, and one descriptor per extent
 *     with its slab bitmap, taken a page at a time as jemalloc's base block is touched.</li>
 * </ul>
 *
 * <h2>What it simplifies</h2>
 *
 * <ul>
 * <li>One thread, one arena, one shard per bin; no huge arena: requests of 8 MiB and more
 *     ({@code opt_oversize_threshold}) stay in the arena, and are purged when freed as {@code extent_record} purges
 *     an oversize extent (see {@link Extents}).</li>
 * <li>No decay and no purging back to the system: a heaplab heap cannot shrink, and freed extents are reused from
 *     the dirty set. The muzzy set is therefore always empty.</li>
 * <li>Reserved address space is not grown: the heap grows by the pages handed out, not by whole reservations or
 *     base blocks; the heap is the memory jemalloc has touched (its RSS), not its mapped address space
 *     ({@link #reservedBytes()}).</li>
 * <li>Frees are sized ({@code sdallocx}): the class comes from the size, as heaplab passes it; only a slab's or a
 *     large extent's descriptor is looked up, through a Java shadow of jemalloc's radix tree.</li>
 * <li>No realloc in place, no aligned requests, no profiling, no guard pages, no statistics; requests above
 *     {@link #MAX_REQUEST} (16 GiB) are {@link #NO_FIT}.</li>
 * </ul>
 *
 * <h2>Layout in the heap</h2>
 *
 * <pre>
 *  0                                                                                       break
 *  | base page          | reservation 1 (sn 1) ...                   | base | reservation 1 ...  | reservation 2 ..
 *  | header, bins,      | tcache   | slab 16 | slab 48  | large     | desc | slab 8 | dirty     | large 3 MiB
 *  | extent sets, desc  | stacks   | 1 page  | 3 pages  | 20 K + 4 K| ...  |        | extent    |
 *  +--------------------+----------+---------+----------+-----------+------+--------+-----------+------------
 *   descriptors (128 B): addr, size, sn, state/slab/class, nfree, pairing-heap links, region bitmap
 *   tcache stacks: [pad][class 0: 200 slots ... empty position][class 1 ...] ... [class 40: 20 slots]
 * </pre>
 *
 * Addresses are 16-byte aligned for regions of 16 bytes and more (8-byte regions are 8-aligned), and 64-byte
 * aligned for large blocks, as in jemalloc.
 *
 * <h2>Searches</h2>
 *
 * The extent-set classes whose first extent a request for pages examines, the bitmap groups examined for a free
 * region, and the slabs taken from a bin's non-full heap. A request the thread cache answers examines nothing.
 */
public final class JemallocAllocator implements Allocator {

    /**
     * The largest request served, 16 GiB: the page map is a Java array by page, and a larger block would make it
     * larger than the heap's own pages warrant. Larger requests are {@link #NO_FIT}.
     */
    public static final long MAX_REQUEST = 1L << 34;
    /**
     * The most pages one request may span: the page map is a Java array by page (see above), so a request of
     * more pages than this (16 GiB at 64-byte pages would be 2^28 entries) is {@link #NO_FIT} rather than gigabytes
     * of Java heap.
     */
    static final long MAX_REQUEST_PAGES = 1L << 24;
    /** {@code PRNG_A_64} and {@code PRNG_C_64} of {@code prng.h}. */
    private static final long PRNG_A = 6364136223846793005L;
    private static final long PRNG_C = 1442695040888963407L;
    private static final int LG_CACHELINE = 6;

    private final Heap heap;
    private final HeapAccess m;
    private final SizeClasses sc;
    private final Edata ed;
    private final Base base;
    private final Extents extents;
    private final Bins bins;
    private final Tcache tcache;
    private final long pad;
    private final int pageShift;
    /** The thread cache: not yet set up, on, or off (not asked for, or no room for its stacks). */
    private int tcacheState;
    private long offsetState;
    private long held;
    private long liveSmall;
    private long liveLarge;
    private long tcacheBlock = -1;

    /** jemalloc with its thread cache. */
    public JemallocAllocator(AllocatorSetup setup) {
        this(setup, true);
    }

    /**
     * @param tcache whether the thread has its cache ({@code opt_tcache})
     */
    public JemallocAllocator(AllocatorSetup setup, boolean tcache) {
        this.heap = setup.heap();
        this.m = heap.bookkeeping();
        this.pageShift = heap.pageShift();
        this.sc = new SizeClasses(pageShift);
        this.pad = heap.pageSize();
        this.ed = new Edata(m);
        this.base = new Base(heap, Edata.size(pageShift));
        long metadata = Bins.bytes(sc) + 2 * Eset.bytes(sc);
        long at = base.boot() ? base.alloc(metadata, 64) : -1;
        if (at < 0) {
            throw new SpecException(JemallocAllocatorProvider.NAME + ": a heap of " + heap.capacity()
                    + " bytes cannot hold the arena's metadata (expected: at least "
                    + ((metadata + 64 + heap.pageSize() - 1) / heap.pageSize() + 1) + " pages)");
        }
        this.extents = new Extents(heap, ed, base, sc, pad, at + Bins.bytes(sc), at + Bins.bytes(sc) + Eset.bytes(sc));
        this.bins = new Bins(m, ed, sc, extents, pageShift, at);
        this.tcache = tcache ? new Tcache(m, sc, bins, extents) : null;
        this.tcacheState = tcache ? 0 : -1;
        this.offsetState = setup.seed();
    }

    @Override
    public long allocate(long size) {
        if (size < 0 || size > MAX_REQUEST || size >>> pageShift > MAX_REQUEST_PAGES) {
            return NO_FIT;
        }
        if (tcacheState == 0) {
            initTcache();
        }
        int ind = sc.index(size);
        long usize = sc.size(ind);
        boolean cached = tcacheState > 0 && tcache.caches(ind);
        long address;
        if (ind < sc.nbins()) {
            address = cached ? tcache.allocSmall(ind) : bins.mallocOne(ind);
            if (address < 0) {
                return NO_FIT;
            }
            held += usize;
            liveSmall++;
        } else {
            address = cached ? tcache.allocLarge(ind) : -1;
            if (address < 0) {
                address = largeMalloc(ind);
                if (address < 0) {
                    return NO_FIT;
                }
            }
            held += usize + pad;
            liveLarge++;
        }
        if (tcacheState > 0) {
            tcache.allocated(usize);
        }
        return address;
    }

    /**
     * {@code tsd_tcache_data_init}: the stacks' block from the arena, page-aligned; a bounded heap with no room for
     * it leaves the thread without a cache, as a failed {@code ipallocztm} does.
     */
    private void initTcache() {
        long bytes = Tcache.stackBytes(sc);
        // sz_sa2u(size, PAGE): a page multiple, small or large
        int ind = sc.index(Bytes.alignUp(bytes, pad));
        long mem = ind < sc.nbins() ? bins.mallocOne(ind) : largeMallocAligned(ind);
        if (mem < 0) {
            tcacheState = -1;
            return;
        }
        tcacheBlock = mem;
        tcache.init(mem);
        tcacheState = 1;
        if (ind < sc.nbins()) {
            liveSmall++;
        } else {
            liveLarge++;
        }
    }

    /** {@code large_malloc}: an extent of the class and its pad, the block at a random cache line of its first page. */
    private long largeMalloc(int ind) {
        long e = extents.alloc(sc.size(ind) + pad, false, ind);
        if (e == 0) {
            return -1;
        }
        int lgRange = pageShift - LG_CACHELINE;
        long offset = 0;
        if (lgRange > 0) {
            // prng_lg_range_u64 on arena->offset_state
            offsetState = offsetState * PRNG_A + PRNG_C;
            offset = (offsetState >>> (64 - lgRange)) << LG_CACHELINE;
        }
        return ed.addr(e) + offset;
    }

    /** A large extent for an alignment of a page: the randomizing is skipped ({@code alignment >= PAGE}). */
    private long largeMallocAligned(int ind) {
        long e = extents.alloc(sc.size(ind) + pad, false, ind);
        return e == 0 ? -1 : ed.addr(e);
    }

    @Override
    public void free(long address, long size) {
        int ind = sc.index(size);
        long usize = sc.size(ind);
        boolean cached = tcacheState > 0 && tcache.caches(ind);
        if (ind < sc.nbins()) {
            held -= usize;
            liveSmall--;
            if (cached) {
                tcache.dalloc(ind, address);
            } else {
                long slab = extents.lookup(address);
                if (bins.dallocRegion(slab, address)) {
                    bins.dallocSlab(slab);
                }
            }
        } else {
            held -= usize + pad;
            liveLarge--;
            if (cached) {
                tcache.dalloc(ind, address);
            } else {
                extents.dalloc(extents.lookup(address));
            }
        }
        if (tcacheState > 0) {
            tcache.deallocated(usize);
        }
    }

    @Override
    public long searches() {
        return extents.searches() + bins.searches();
    }

    @Override
    public long heldBytes() {
        return held;
    }

    // ---- for tests and reports ----------------------------------------------------------------------------

    public SizeClasses sizeClasses() {
        return sc;
    }

    /** Whether the thread cache is on (after the first request, which sets it up). */
    public boolean tcacheOn() {
        return tcacheState > 0;
    }

    /** The address of the thread cache's stacks, or -1. */
    public long tcacheBlock() {
        return tcacheBlock;
    }

    /** Entries cached for class {@code index}. */
    public int tcacheCount(int index) {
        return tcacheState > 0 && index < tcache.nhbins() ? tcache.ncached(index) : 0;
    }

    /** Entry {@code k} of class {@code index}'s stack, 0 the most recent (the next one popped). */
    public long tcacheEntry(int index, int k) {
        return tcache.cached(index, k);
    }

    /** {@code ncached_max} of class {@code index}. */
    public int tcacheMax(int index) {
        return Tcache.ncachedMax(sc, index);
    }

    /** The thread cache's fill divisor's log for class {@code index}. */
    public int tcacheLgFillDiv(int index) {
        return tcache.lgFillDiv(index);
    }

    /** Batches the thread cache filled from bins, and flushes it made. */
    public long tcacheFills() {
        return tcacheState > 0 ? tcache.fills() : 0;
    }

    public long tcacheFlushes() {
        return tcacheState > 0 ? tcache.flushes() : 0;
    }

    /** The address of the current slab of small class {@code bin}, or -1. */
    public long slabcur(int bin) {
        long slab = bins.slabcur(bin);
        return slab == 0 ? -1 : ed.addr(slab);
    }

    /** The address of the first non-full slab of {@code bin} after its current one, or -1. */
    public long firstNonfullSlab(int bin) {
        long slab = bins.firstNonfull(bin);
        return slab == 0 ? -1 : ed.addr(slab);
    }

    /** Free regions of the slab that holds {@code address}. */
    public int slabFree(long address) {
        return ed.nfree(extents.lookup(address));
    }

    /** Bitmap group {@code group} of the slab that holds {@code address}: bit r set when region r is free. */
    public long slabBitmap(long address, int group) {
        return ed.bitmapWord(extents.lookup(address), group);
    }

    /**
     * The dirty extents, as {@code {address, bytes, serial number}} triples in the order the dirty set would give
     * them out to a request it fits (oldest, then lowest).
     */
    public long[] dirtyExtents() {
        return extentsOf(extents.dirty());
    }

    /** The retained extents, likewise; an untouched one has address -1. */
    public long[] retainedExtents() {
        return extentsOf(extents.retained());
    }

    private long[] extentsOf(Eset set) {
        java.util.List<long[]> all = new java.util.ArrayList<>();
        set.verify(set == extents.dirty() ? 1 : 2, e -> all.add(new long[] {ed.addr(e), ed.size(e), ed.sn(e)}));
        all.sort((a, b) -> a[2] != b[2] ? Long.compare(a[2], b[2]) : Long.compare(a[0], b[0]));
        long[] out = new long[3 * all.size()];
        for (int i = 0; i < all.size(); i++) {
            System.arraycopy(all.get(i), 0, out, 3 * i, 3);
        }
        return out;
    }

    /** The address and size of the extent whose page holds {@code address}. */
    public long[] extentOf(long address) {
        long e = extents.lookup(address);
        return new long[] {ed.addr(e), ed.size(e)};
    }

    /** Reservations made so far and the address space they reserved, touched or not. */
    public long reservations() {
        return extents.reservations();
    }

    public long reservedBytes() {
        return extents.reservedBytes();
    }

    /** The page-size class index the next reservation starts at. */
    public int growNext() {
        return extents.growNext();
    }

    /** Heap bytes the base allocator took. */
    public long baseBytes() {
        return base.bytes();
    }

    /**
     * The heap is tiled by base runs and extents, each extent found from its first and last pages; the dirty and
     * retained sets hold exactly the free extents, in their classes; each bin's slabs are sound; the regions in use
     * in all slabs are the live small blocks and the cached ones, and the active large extents the live large
     * blocks and the cached ones; every cached region is in use in its slab.
     */
    @Override
    public void verify() {
        base.verify();
        long[] runs = base.runs();
        int r = 0;
        long page = heap.pageSize();
        long address = 0;
        long dirty = 0;
        long retainedTouched = 0;
        long smallInUse = 0;
        long largeActive = 0;
        long regionsInSlabs = 0;
        while (address < heap.size()) {
            if (r < runs.length && address == runs[r]) {
                address = runs[r + 1];
                r += 2;
                continue;
            }
            long e = extents.mapped(address >>> pageShift);
            if (e == 0 || ed.addr(e) != address || ed.size(e) <= 0 || ed.size(e) % page != 0) {
                throw new IllegalStateException("page at " + address + " starts no extent (descriptor " + e + ")");
            }
            long end = address + ed.size(e);
            if (end > heap.size() || r < runs.length && end > runs[r]) {
                throw new IllegalStateException("extent at " + address + " of " + ed.size(e) + " bytes overlaps");
            }
            if (extents.mapped((end >>> pageShift) - 1) != e) {
                throw new IllegalStateException("extent at " + address + ": its last page maps elsewhere");
            }
            switch (ed.state(e)) {
                case Edata.DIRTY -> dirty++;
                case Edata.RETAINED -> retainedTouched++;
                default -> {
                    if (ed.slab(e)) {
                        for (long p = address; p < end; p += page) {
                            if (extents.mapped(p >>> pageShift) != e) {
                                throw new IllegalStateException("slab at " + address + ": page " + p + " maps elsewhere");
                            }
                        }
                        int bin = ed.szind(e);
                        if ((long) sc.slabPages(bin) << pageShift != ed.size(e)) {
                            throw new IllegalStateException("slab at " + address + " of class " + sc.size(bin)
                                    + " has " + ed.size(e) + " bytes");
                        }
                        smallInUse += sc.nregs(bin) - ed.nfree(e);
                    } else {
                        largeActive++;
                    }
                }
            }
            address = end;
        }
        long[] untouched = new long[1];
        int inDirty = extents.dirty().verify(Edata.DIRTY, e -> { });
        int inRetained = extents.retained().verify(Edata.RETAINED, e -> {
            if (ed.addr(e) < 0) {
                untouched[0]++;
            }
        });
        if (inDirty != dirty || inRetained != retainedTouched + untouched[0]) {
            throw new IllegalStateException("extent sets hold " + inDirty + " dirty and " + inRetained
                    + " retained extents (expected: " + dirty + " and " + (retainedTouched + untouched[0]) + ")");
        }
        regionsInSlabs = bins.verify(slab -> { });
        if (regionsInSlabs > smallInUse) {
            throw new IllegalStateException(regionsInSlabs + " regions in use in bins' slabs, more than " + smallInUse);
        }
        long cachedSmall = 0;
        long cachedLarge = 0;
        if (tcacheState > 0) {
            for (int i = 0; i < tcache.nhbins(); i++) {
                for (int k = 0; k < tcache.ncached(i); k++) {
                    long a = tcache.cached(i, k);
                    long e = extents.lookup(a);
                    if (i < sc.nbins()) {
                        cachedSmall++;
                        int reg = (int) ((a - ed.addr(e)) / sc.size(i));
                        if (!ed.slab(e) || ed.szind(e) != i || (ed.bitmapWord(e, reg >>> 6) >>> (reg & 63) & 1) != 0) {
                            throw new IllegalStateException("cached region " + a + " of class " + sc.size(i)
                                    + " is not in use in a slab of its class");
                        }
                    } else {
                        cachedLarge++;
                        if (ed.slab(e) || ed.state(e) != Edata.ACTIVE || ed.szind(e) != i) {
                            throw new IllegalStateException("cached large block " + a + " is not an active extent");
                        }
                    }
                }
            }
        }
        if (smallInUse != liveSmall + cachedSmall) {
            throw new IllegalStateException(smallInUse + " regions in use (expected: " + liveSmall + " live and "
                    + cachedSmall + " cached)");
        }
        if (largeActive != liveLarge + cachedLarge) {
            throw new IllegalStateException(largeActive + " large extents active (expected: " + liveLarge
                    + " live and " + cachedLarge + " cached)");
        }
    }
}
