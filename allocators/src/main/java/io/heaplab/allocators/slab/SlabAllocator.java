package io.heaplab.allocators.slab;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;

/**
 * Bonwick's slab allocator as a general {@code malloc}, the way Solaris's {@code kmem_alloc} uses it: one object
 * cache per size class, slabs of buffers carved from pages, whole pages above the largest class (Bonwick, "The Slab
 * Allocator: An Object-Caching Kernel Memory Allocator", USENIX Summer 1994).
 *
 * <h2>What it keeps of the model</h2>
 *
 * <ul>
 *   <li><b>Caches by size</b> ({@link CacheSizes}): a request goes to the smallest class that holds it, every
 *       multiple of 8 up to 64, then four to a doubling up to the largest class (an option, 4096 bytes by default,
 *       illumos's {@code KMEM_MAXBUF}), as {@code kmem_alloc} picks from {@code kmem_alloc_sizes}
 *       (the paper on {@code kmem_alloc}).</li>
 *   <li><b>Slabs</b> ({@link ObjectCaches}): each cache's slabs on one list, full, then partial, then complete; a
 *       freelist pointer at the first slab with a free buffer, so a partial slab serves before a complete one; a
 *       LIFO free list threaded through each slab's free buffers; a buffer below an eighth of a page in a one-page
 *       slab with its {@code kmem_slab} at the page's end, found by rounding the address down; a larger one in a
 *       slab of several pages, its {@code kmem_slab} from an internal cache; slab colouring (section 3 and the
 *       paper on colouring).</li>
 *   <li><b>The page supply</b> ({@link PageLevel}): runs of pages with vmem's instant fit over power-of-two free
 *       lists and coalescing by boundary tags; it serves slabs and, above the largest class, whole pages, as
 *       {@code kmem_alloc} hands an oversize request to {@code vmem_alloc}.</li>
 *   <li><b>{@code free(address, size)}</b> is {@code kmem_free}: the size picks the cache, the address finds the
 *       slab (or the oversize run, whose page count the size gives, as {@code vmem_free} takes it).</li>
 * </ul>
 *
 * <h2>What it simplifies</h2>
 *
 * <ul>
 *   <li>No magazines or per-CPU layer (Bonwick &amp; Adams 2001), no constructors: this is the 1994 slab layer, one
 *       thread.</li>
 *   <li>Complete slabs: the paper keeps them at the tail of their cache until the cache is reaped, which the VM
 *       system asks for when memory is short; here that is when the page level cannot grow a bounded heap, and
 *       then every cache is reaped and the request tried once more ({@code empty=keep}, the default). A growable
 *       heap is never short, so a complete slab serves only its own cache again. {@code empty=release} destroys a
 *       slab when its last buffer comes back, as the illumos {@code kmem_slab_free} read does, so its pages serve
 *       every cache and oversize requests.</li>
 *   <li>Large slabs find a buffer's slab through the page map and link their free buffers through the buffers, not
 *       through external bufctls and a hash table (see {@link ObjectCaches}).</li>
 *   <li>vmem's segment structures and allocated-segment hash are one page map of 16-byte descriptors
 *       ({@link PageLevel}). The heap grows by the pages a slab or an oversize block needs, as vmem imports spans
 *       on demand; nothing is reserved ahead. The heap never shrinks: a freed run is reused, not unmapped.</li>
 *   <li>Links are 32-bit words of 8-byte units, which caps the heap at 16 GiB; a request that would pass it is
 *       NO_FIT.</li>
 * </ul>
 *
 * <h2>Layout in the heap</h2>
 *
 * <pre>
 *  page 0                                    page map (moves up as the heap grows)
 * +---------------------------------------+----------------+---------+-----------------+---------+-- ..
 * | vmem arena: freemap, 32 list heads    | 16 B per page  | small   | large slab      | free    | oversize
 * | kmem_cache 8, 16, ... L, kmem_slab    |                | slab    | (n pages)       | run     | block ..
 * +---------------------------------------+----------------+---------+-----------------+---------+-- ..
 *
 *  small slab: | colour | buf | buf | .. | buf | unused | kmem_slab (32 B) |     one page
 *  free buffer: | .................... | next free (4 B) + 4 |                 bufctl in its last 8 bytes
 * </pre>
 *
 * Every address is a multiple of 8: classes are multiples of 8, colours steps of 8, pages page-aligned.
 *
 * <h2>Searches</h2>
 *
 * Per request, the slab the cache's freelist pointer names (one, whatever the number of slabs: Bonwick's
 * allocation looks at nothing else), plus, whenever pages are asked of the page level (a new slab, an oversize
 * block), one for the list instant fit picks (or finds none) and one for each run of the list it walks when it finds
 * none. A free examines no list: its slab is found by arithmetic or one load of the page map.
 *
 * <h2>Cost</h2>
 *
 * Allocate and free are O(1) but for a new slab (O(buffers in it), building its free list, amortized O(1) a
 * buffer), the first-fit walk of one free list when instant fit finds nothing, a move of the page map (amortized
 * O(1) a page), and a reap (O(slabs reaped)). No operation allocates a Java object, boxes or throws on the way to
 * {@link #NO_FIT}.
 *
 * <h2>Source version read</h2>
 *
 * Bonwick 1994 (section 3, slab colouring, kmem_alloc); illumos-gate {@code usr/src/uts/common/os/kmem.c} for
 * {@code kmem_alloc_sizes}, {@code kmem_cache_create}'s slab sizing and colours, and {@code kmem_slab_create};
 * the OpenSolaris-era {@code kmem.c} (with {@code cache_freelist} and {@code cache_nullslab}, as carried by the
 * MacZFS port) for {@code kmem_slab_alloc} and {@code kmem_slab_free}'s list moves; Bonwick &amp; Adams 2001 for
 * vmem's instant fit.
 */
public final class SlabAllocator implements Allocator {

    /** Whether complete slabs wait for a reap when no option says otherwise. */
    public static final boolean DEFAULT_RELEASE = false;

    private final Heap heap;
    private final int pageSize;
    private final int shift;
    private final CacheSizes sizes;
    private final PageLevel pages;
    private final ObjectCaches caches;
    private final boolean release;
    private long oversizeBytes;

    /** With the largest class of 4096 bytes and complete slabs kept until a reap. */
    public SlabAllocator(AllocatorSetup setup) {
        this(setup, CacheSizes.DEFAULT_LARGEST, DEFAULT_RELEASE);
    }

    /**
     * Serves any setup; a heap too small for the tables, the page map and one page fails with a one-line
     * {@link io.heaplab.core.spi.SpecException}.
     *
     * @param largest the largest class, a power of two from 64 to 1 MiB; larger requests take whole pages
     * @param release whether a slab is destroyed as soon as its last buffer is freed (else kept until a reap)
     */
    public SlabAllocator(AllocatorSetup setup, int largest, boolean release) {
        this.heap = setup.heap();
        this.pageSize = heap.pageSize();
        this.shift = heap.pageShift();
        this.sizes = new CacheSizes(largest);
        this.release = release;
        this.pages = new PageLevel(heap, ObjectCaches.tableBytes(sizes.count()));
        this.caches = new ObjectCaches(pages, heap.bookkeeping(), sizes, PageLevel.ARENA_BYTES, release);
    }

    @Override
    public long allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException(SlabAllocatorProvider.NAME + ": size " + size
                    + " (expected: a non-negative number of bytes)");
        }
        if (size <= sizes.largest()) {
            return caches.allocate(sizes.indexOf(size));
        }
        if (size > heap.capacity() || size > PageLevel.MAX_BYTES) {
            return NO_FIT;
        }
        int n = (int) ((size + pageSize - 1) >>> shift);
        int page = caches.pagesFor(n, PageLevel.OVERSIZE);
        if (page == PageLevel.NIL) {
            return NO_FIT;
        }
        oversizeBytes += (long) n << shift;
        return (long) page << shift;
    }

    @Override
    public void free(long address, long size) {
        if (size < 0) {
            throw new IllegalArgumentException(SlabAllocatorProvider.NAME + ": free of " + address + " with size "
                    + size + " (expected: the size it was allocated with)");
        }
        if (size <= sizes.largest()) {
            caches.free(sizes.indexOf(size), address);
            return;
        }
        long n = (size + pageSize - 1) >>> shift;
        long page = address >>> shift;
        if (address < 0 || (address & pageSize - 1) != 0 || page >= pages.pages()
                || pages.kind((int) page) != PageLevel.OVERSIZE || pages.count((int) page) != n) {
            throw new IllegalArgumentException(SlabAllocatorProvider.NAME + ": free of " + address + " with size "
                    + size + " (expected: the address of an oversize block of " + n + " pages)");
        }
        pages.free((int) page, (int) n);
        oversizeBytes -= n << shift;
    }

    @Override
    public long searches() {
        return caches.searches() + pages.searches();
    }

    /** The buffers' chunks of every class and the whole pages of oversize blocks. */
    @Override
    public long heldBytes() {
        return caches.liveBytes() + oversizeBytes;
    }

    // ---- for tests and reports

    /** The cache a request of {@code size} bytes goes to, {@code 0 <= size <= largestClass()}. */
    public int cacheOf(long size) {
        return sizes.indexOf(size);
    }

    /** The buffer size of cache {@code k}. */
    public int chunkOf(int k) {
        return caches.chunk(k);
    }

    public int largestClass() {
        return sizes.largest();
    }

    /** The number of {@code kmem_alloc} caches. */
    public int cacheCount() {
        return sizes.count();
    }

    /** Whether cache {@code k}'s slabs are one page with their kmem_slab at its end. */
    public boolean isSmall(int k) {
        return caches.onPage(k);
    }

    /** Pages in a slab of cache {@code k}. */
    public int slabPages(int k) {
        return caches.slabPages(k);
    }

    /** The largest colour of cache {@code k}'s slabs. */
    public int maxColour(int k) {
        return caches.maxColour(k);
    }

    public boolean releasesCompleteSlabs() {
        return release;
    }

    /** The kmem_slab addresses on cache {@code k}'s list, in list order. */
    public long[] slabs(int k) {
        return caches.slabs(k);
    }

    /** The kmem_slab cache {@code k}'s freelist pointer names, or -1 when it names the null slab. */
    public long freelist(int k) {
        long slab = caches.freelist(k);
        return slab == caches.cache(k) ? -1 : slab;
    }

    /** The free buffers of a slab of cache {@code k}, head first. */
    public long[] freeBuffers(int k, long slab) {
        return caches.freeBuffers(k, slab);
    }

    public int allocated(long slab) {
        return caches.refcnt(slab);
    }

    public int colour(long slab) {
        return caches.colour(slab);
    }

    public int buffers(long slab) {
        return caches.chunks(slab);
    }

    /** The first page of the slab whose kmem_slab is at {@code slab}. */
    public int firstPage(long slab) {
        return caches.page(slab);
    }

    /** Pages the heap has grown to. */
    public int pages() {
        return pages.pages();
    }

    /**
     * The page level's map and free lists, each cache's list and slabs, every slab in the page map on a list and
     * every slab on a list in the page map, and the bytes held.
     */
    @Override
    public void verify() {
        long[] slabPagesSeen = new long[2];
        long[] oversize = new long[1];
        pages.verify((page, kind, count) -> {
            switch (kind) {
                case PageLevel.SMALL -> {
                    caches.verifySlabPages(page, kind, count);
                    slabPagesSeen[0]++;
                }
                case PageLevel.LARGE -> {
                    caches.verifySlabPages(page, kind, count);
                    slabPagesSeen[1]++;
                }
                default -> oversize[0] += (long) count << shift;
            }
        });
        long[] onLists = caches.verify();
        if (onLists[0] != slabPagesSeen[0] || onLists[1] != slabPagesSeen[1] || oversize[0] != oversizeBytes) {
            throw new IllegalStateException(SlabAllocatorProvider.NAME + ": the page map holds " + slabPagesSeen[0]
                    + " small and " + slabPagesSeen[1] + " large slabs and " + oversize[0] + " oversize bytes, the"
                    + " caches' lists " + onLists[0] + " and " + onLists[1] + ", the count " + oversizeBytes);
        }
    }
}
