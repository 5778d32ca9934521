package io.heaplab.allocators.dlmalloc;

import static io.heaplab.allocators.dlmalloc.ChunkSizes.HEADER;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.MINSIZE;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.SIZE_SZ;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.TCACHE_BINS;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.isSmall;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.request2size;
import static io.heaplab.allocators.dlmalloc.Chunks.IS_MMAPPED;
import static io.heaplab.allocators.dlmalloc.Chunks.PREV_INUSE;
import static io.heaplab.allocators.dlmalloc.Chunks.SIZE_BITS;
import static io.heaplab.allocators.dlmalloc.MainArena.corrupted;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import java.util.Arrays;

/**
 * Doug Lea's malloc as glibc 2.36 implements it (malloc/malloc.c, tag glibc-2.36, read for this model), for one
 * thread and its one arena, the main arena, grown by {@code sbrk}.
 *
 * <h2>What is kept</h2>
 *
 * Every rule that decides where a chunk goes, in glibc's order. {@code malloc} rounds the request with
 * {@code request2size} (the request plus the 8-byte size field, to a multiple of 16, at least 32) and tries:
 * <ol>
 *   <li>the <b>tcache</b>: 64 LIFO lists of one chunk size each (32 to 1040 bytes, requests up to 1032), up to
 *       {@code tcache} chunks each (7), kept in a 640-byte struct that is the arena's first chunk; a hit touches
 *       nothing else;</li>
 *   <li>a <b>fastbin</b> (chunks up to {@code max_fast}, 128 bytes): the head of a LIFO list; the rest of that list
 *       moves into the tcache while it has room;</li>
 *   <li>a <b>small bin</b> (sizes below 1024, one per 16 bytes): its oldest chunk, exactly the size (FIFO); the
 *       rest again stashed into the tcache;</li>
 *   <li>for a large request, <b>malloc_consolidate</b> first, when fastbins hold chunks;</li>
 *   <li>the <b>unsorted bin</b>, oldest first: a small request takes the <b>last remainder</b> (the rest of the
 *       last split for a small request) when it is the only chunk there and leaves at least 32 bytes, splitting it
 *       and keeping the rest as last remainder; a chunk of exactly the size is taken (or, while the tcache has room
 *       for that size, cached, and the request served from the tcache when the scan ends); every other chunk is
 *       put in its bin: small bins at the front, large bins in size order, largest first, the first of each size
 *       on the nextsize ring; at most 10000 chunks a request;</li>
 *   <li>for a large request, <b>best fit</b> in its own large bin through the nextsize ring: the smallest chunk
 *       that fits, the second of its size if there is one; a remainder of 32 bytes or more goes to the unsorted
 *       bin;</li>
 *   <li>the <b>binmap</b>: the next non-empty bin above, found through four 32-bit words, bits cleared lazily when
 *       a marked bin proves empty; its last chunk is split, the remainder to the unsorted bin and, for a small
 *       request, made the last remainder;</li>
 *   <li>the <b>top</b> chunk, split when it keeps at least 32 bytes; else, once, malloc_consolidate and the scan
 *       again; else {@code sysmalloc}.</li>
 * </ol>
 * {@code sysmalloc} maps a chunk of at least the <b>mmap threshold</b> (128 KiB) in its own page-rounded region
 * (8 bytes of overhead more than a normal chunk); otherwise, and when that fails, it extends the top by
 * {@code sbrk} of the request + {@code top_pad} (128 KiB) + 32 - the top's size, rounded up to the page. Freeing an
 * mmapped chunk unmaps it and, up to 32 MiB, raises the threshold to its size and the trim threshold to twice that
 * (glibc's dynamic threshold, {@code dynamic=true}).
 *
 * <p>{@code free} puts a chunk in the tcache while its list has room; else a chunk up to {@code max_fast} at the
 * head of its fastbin, still marked in use and not coalesced; else it merges with a free neighbour on either side
 * (boundary tags: PREV_INUSE and the footer) and goes to the front of the unsorted bin, or into the top when it
 * borders it. A merged chunk of 64 KiB or more ({@code FASTBIN_CONSOLIDATION_THRESHOLD}) consolidates the fastbins,
 * and then a top of the trim threshold or more is trimmed.
 * {@code malloc_consolidate} merges every fastbin chunk with its free neighbours into the unsorted bin or the top.
 *
 * <h2>Layout in the heap</h2>
 *
 * <pre>
 *  page 0 ..              | sbrk base: the arena                                        | break
 *  +----------------------+-----------+-------+-------+------- .. -------+--------------+- - - - - - -+
 *  | malloc_state (2200)  | tcache    | chunk | chunk | ...              | top          : untouched   :
 *  | + rest of its page   | 656 bytes |       |       |                  |              : top_pad     :
 *  +----------------------+-----------+-------+-------+------- .. -------+--------------+- - - - - - -+
 *   main_arena is libc's     16-byte aligned user memory at chunk + 16;   heap end with   reserved by sbrk,
 *   static data: here, the   chunk sizes and bins as in {@link Chunks},  grow=touched    not grown
 *   heap's first page(s)     {@link MainArena}, {@link Tcache}
 *
 *  further on: mmapped regions ([prev_size 0][size | IS_MMAPPED][data], whole pages), the holes munmap left,
 *  and, if the break had to jump a region, the arena again ({@link AddressSpace})
 * </pre>
 *
 * Everything malloc keeps in memory is in the heap and every access to it goes through the bookkeeping view:
 * {@code main_arena} (fastbins, top, last remainder, the bins as fake chunks, the binmap), the tcache struct, every
 * chunk's header, footer and links. Kept in fields instead: {@code mp_} (thresholds, top_pad, mmap count), which
 * lies beside {@code main_arena} in libc's data page and is read with it; the kernel's side (the break, the holes)
 * in {@link AddressSpace}; the counters heaplab asks for; and, for {@link #verify} only, where the arena's pieces
 * begin.
 *
 * <h2>Footprint</h2>
 *
 * The pages {@code sbrk} adds are resident only once touched, and glibc touches the arena only as it carves the
 * top: the top's header is the highest word it writes. With {@code grow=touched} (the default) the heap therefore
 * grows to the page holding the top's header plus 32 bytes and no further, however far the break has moved: the
 * heap's size follows the resident memory (RSS) of the heap, and {@code top_pad} decides only when sbrk is called,
 * not the footprint. With {@code grow=sbrk} the heap grows with the break, by whole {@code top_pad} steps: the
 * heap's virtual size. An mmapped region is grown whole (the program writes it all). malloc_state's page is part of
 * the footprint (in a process it is libc's data page, also resident).
 *
 * <h2>What is simplified</h2>
 * <ul>
 *   <li>One thread and the main arena only: no locks, no other arenas, no NON_MAIN_ARENA bit; the tcache is the
 *       thread's. {@code tcache=0} models a malloc without tcache (no struct, as glibc built without it or before
 *       2.26), not the tunable {@code tcache_count=0}, which would still allocate the struct.</li>
 *   <li>heaplab's replays make realloc an allocate, copy and free, calloc an allocate, and memalign a larger
 *       allocate. glibc's realloc grows and shrinks in place, its calloc never takes from the tcache, and it
 *       mremaps an mmapped chunk (which leaves the threshold alone, where a free raises it); {@link #reallocate}
 *       and {@link #allocateCleared} give glibc's realloc (but for mremap: an mmapped chunk moves) and calloc to a
 *       caller that has them; memalign is not modelled.</li>
 *   <li>Trimming: a free that leaves a top of M_TRIM_THRESHOLD (128 KiB, or twice the dynamic mmap threshold) or
 *       more gives its whole pages above top_pad back with a negative sbrk, as glibc's {@code systrim} does: the
 *       break and the top shrink, so later requests see the top glibc's would (a large one may then be mmapped, a
 *       free may or may not consolidate). heaplab's heap cannot shrink: the pages given back (and an unmapped
 *       region) become a hole in {@link AddressSpace}, which the break grows back into or the next mmap takes, as
 *       the kernel would reuse the address space. The heap's size is thus the high-water mark, what a peak of RSS
 *       measures.</li>
 *   <li>One address space: in a process the break and the mappings never meet; here a region mapped at the heap's
 *       end blocks the break. sbrk then fails and the break jumps past the region, which glibc handles as a foreign
 *       sbrk: two fenceposts close the old top, whose rest is freed, and the top starts anew. With
 *       {@code grow=touched} the untouched part of the break is given back before a region is mapped at the end,
 *       so the jump loses at most the old top's page. A bounded heap that cannot take the request + top_pad takes
 *       the request alone (a process would fall back to mmap).</li>
 *   <li>The system page is heaplab's page: sbrk and mmap round to it.</li>
 *   <li>Safe-linking, perturbing, the tcache's random key and the double-free walk are not modelled; glibc's
 *       integrity checks that read other chunks (unlink's, the unsorted scan's, free's) are, as the references
 *       they make, and a failed one throws as malloc_printerr aborts.</li>
 * </ul>
 *
 * <h2>Checked against glibc</h2>
 *
 * Malloc traces record the pointers glibc returned. When this model was written, a one-off check (a program kept
 * out of the tree) replayed heaplab's python-json trace (CPython 3.11 on glibc 2.36) through it with glibc's realloc
 * and calloc ({@link #reallocate}, {@link #allocateCleared}): the first 84,495 allocations got exactly glibc's
 * offsets from the heap's start, the first difference a realloc glibc serves by mmap and mremap, where the one
 * address space above takes over; the tcc and sort traces agreed up to their first mmapped chunk likewise. No test
 * repeats it; the footprints are compared with glibc's in docs/malloc-traces.md.
 *
 * <h2>Searches</h2>
 *
 * The chunks and bins malloc examines for a request: the tcache list (a hit is 1), the fastbin, the small bin,
 * each chunk the unsorted scan takes off, each chunk the nextsize walks step to (placing a large chunk, or best fit
 * in a large bin), each bin the binmap scan inspects, the top. malloc_consolidate's work is not counted (it is
 * freeing deferred); neither is free's.
 */
public final class DlmallocAllocator implements Allocator {

    /** {@code FASTBIN_CONSOLIDATION_THRESHOLD}. */
    static final long CONSOLIDATION_THRESHOLD = 65536;
    /** {@code DEFAULT_TRIM_THRESHOLD}: a top this large after a free of 64 KiB or more is trimmed. */
    static final long DEFAULT_TRIM_THRESHOLD = 128 * 1024;
    /** {@code DEFAULT_MMAP_THRESHOLD_MAX} on 64-bit: the dynamic threshold's ceiling. */
    static final long MMAP_THRESHOLD_MAX = 4L * 1024 * 1024 * 8;
    /** {@code DEFAULT_MMAP_MAX}: mmapped chunks at once. */
    static final int MMAPS_MAX = 65536;
    /** {@code MAX_ITERS}: unsorted chunks one request may sort. */
    static final int MAX_ITERS = 10000;
    /** Requests beyond this are refused at once, as {@code checked_request2size} refuses those above PTRDIFF_MAX. */
    static final long MAX_REQUEST = 1L << 50;

    private final Heap heap;
    private final Chunks chunks;
    private final MainArena arena;
    private final Tcache tcache;
    private final AddressSpace space;
    private final Tunables tunables;
    private final long maxFast;
    private final long topPad;
    private final long stateAddress;
    private long mmapThreshold;
    private long trimThreshold = DEFAULT_TRIM_THRESHOLD;
    private int mmaps;

    /** The size of the chunk the last {@code _int_malloc} served, for {@link #heldBytes}. */
    private long served;
    private long held;
    private long searches;

    /** Where each piece of the arena begins and (but for the last, which ends at the break) ends; for verify. */
    private long[] pieceStart = new long[2];
    private long[] pieceEnd = new long[2];
    private int pieces;

    /** glibc 2.36's malloc as it starts, on x86-64. */
    public DlmallocAllocator(AllocatorSetup setup) {
        this(setup, Tunables.GLIBC);
    }

    public DlmallocAllocator(AllocatorSetup setup, Tunables tunables) {
        this.heap = setup.heap();
        this.tunables = tunables;
        HeapAccess mem = heap.bookkeeping();
        this.space = new AddressSpace(heap, tunables.touchedOnly());
        long statePages = space.pageRound(MainArena.SIZE);
        if (!heap.growTo(space.pageRound(heap.size())) || heap.grow(statePages) == Heap.NO_ROOM) {
            throw new SpecException(DlmallocAllocatorProvider.NAME + ": a heap of " + heap.capacity()
                    + " bytes (expected: room for malloc_state's " + statePages + " bytes and more)");
        }
        this.stateAddress = heap.size() - statePages;
        this.chunks = new Chunks(mem);
        this.arena = new MainArena(mem, chunks, stateAddress);
        this.tcache = tunables.tcacheCount() > 0 ? new Tcache(mem, tunables.tcacheCount()) : null;
        this.maxFast = ChunkSizes.maxFast(tunables.maxFastRequest());
        this.topPad = tunables.topPad();
        this.mmapThreshold = tunables.mmapThreshold() == 0 ? Long.MAX_VALUE : tunables.mmapThreshold();
    }

    // ---- malloc -------------------------------------------------------------------------------------------------

    /** {@code __libc_malloc}: the tcache (made on the first call), then {@code _int_malloc}. */
    @Override
    public long allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
        }
        if (size > MAX_REQUEST) {
            return NO_FIT;
        }
        long nb = request2size(size);
        if (tcache != null) {
            if (!tcache.isReady()) {
                initTcache();
            }
            long idx = ChunkSizes.tcacheIndex(nb);
            if (idx < TCACHE_BINS && tcache.isReady() && tcache.count((int) idx) > 0) {
                searches++;
                held += nb;
                return tcache.get((int) idx);
            }
        }
        long mem = intMalloc(nb);
        if (mem == 0) {
            return NO_FIT;
        }
        held += served;
        return mem;
    }

    /**
     * glibc's {@code calloc}: {@code _int_malloc} straight away, never the tcache (the zeroing is the caller's).
     * heaplab's replays ask {@link #allocate} for a calloc, as the {@link Allocator} interface has no calloc; this
     * is for comparing the model with the addresses glibc gave a traced program.
     */
    public long allocateCleared(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
        }
        if (size > MAX_REQUEST) {
            return NO_FIT;
        }
        if (tcache != null && !tcache.isReady()) {
            initTcache();
        }
        long mem = intMalloc(request2size(size));
        if (mem == 0) {
            return NO_FIT;
        }
        held += served;
        return mem;
    }

    /** {@code tcache_init}: the struct is the arena's first chunk; if even that fails, later calls try again. */
    private void initTcache() {
        long mem = intMalloc(request2size(Tcache.STRUCT_SIZE));
        if (mem != 0) {
            tcache.init(mem);
        }
    }

    /** The tcache bin that serves chunks of {@code nb} bytes, or -1 when there is no tcache or it does not. */
    private int tcacheBin(long nb) {
        if (tcache == null || !tcache.isReady()) {
            return -1;
        }
        long idx = ChunkSizes.tcacheIndex(nb);
        return idx < TCACHE_BINS ? (int) idx : -1;
    }

    /** {@code _int_malloc}: the user memory of a chunk of at least {@code nb} bytes, or 0. */
    private long intMalloc(long nb) {
        long mem;
        if (nb <= maxFast && (mem = fromFastbin(nb)) != 0) {
            return mem;
        }
        int idx;
        if (isSmall(nb)) {
            if ((mem = fromSmallbin(nb)) != 0) {
                return mem;
            }
            idx = ChunkSizes.smallbinIndex(nb);
        } else {
            idx = ChunkSizes.largebinIndex(nb);
            if (arena.haveFastchunks()) {
                consolidate();
            }
        }
        int tcIdx = tcacheBin(nb);
        for (;;) {
            if ((mem = fromUnsorted(nb, tcIdx)) != 0) {
                return mem;
            }
            if (!isSmall(nb) && (mem = fromLargeBin(nb, idx)) != 0) {
                return mem;
            }
            if ((mem = fromBinmap(nb, idx + 1)) != 0 || (mem = fromTop(nb)) != 0) {
                return mem;
            }
            if (!arena.haveFastchunks()) {
                return sysmalloc(nb);
            }
            consolidate();
        }
    }

    /** The head of the fastbin of {@code nb}; the rest of the list goes to the tcache while it has room. */
    private long fromFastbin(long nb) {
        int idx = ChunkSizes.fastbinIndex(nb);
        long victim = arena.fastbin(idx);
        searches++;
        if (victim == 0) {
            return 0;
        }
        arena.setFastbin(idx, chunks.fd(victim));
        if (ChunkSizes.fastbinIndex(chunks.size(victim)) != idx) {
            throw corrupted("malloc(): memory corruption (fast)", victim);
        }
        int tcIdx = tcacheBin(nb);
        if (tcIdx >= 0) {
            long stashed;
            while (tcache.hasRoom(tcIdx) && (stashed = arena.fastbin(idx)) != 0) {
                arena.setFastbin(idx, chunks.fd(stashed));
                tcache.put(stashed, tcIdx);
            }
        }
        served = nb;
        return victim + HEADER;
    }

    /** The oldest chunk of the small bin of {@code nb}; the rest go to the tcache while it has room. */
    private long fromSmallbin(long nb) {
        long bin = arena.binAt(ChunkSizes.smallbinIndex(nb));
        long victim = chunks.bk(bin);
        searches++;
        if (victim == bin) {
            return 0;
        }
        takeLast(bin, victim, nb);
        int tcIdx = tcacheBin(nb);
        if (tcIdx >= 0) {
            long stashed;
            while (tcache.hasRoom(tcIdx) && (stashed = chunks.bk(bin)) != bin) {
                takeLast(bin, stashed, nb);
                tcache.put(stashed, tcIdx);
            }
        }
        served = nb;
        return victim + HEADER;
    }

    /** Takes {@code victim}, the last chunk of small bin {@code bin}, and marks it in use. */
    private void takeLast(long bin, long victim, long nb) {
        long bck = chunks.bk(victim);
        if (chunks.fd(bck) != victim) {
            throw corrupted("malloc(): smallbin double linked list corrupted", victim);
        }
        chunks.setInuseBitAt(victim, nb);
        chunks.setBk(bin, bck);
        chunks.setFd(bck, bin);
    }

    /**
     * The unsorted scan, oldest chunk first: the last remainder for a small request, an exact fit (cached while
     * the tcache has room), every other chunk binned. Returns the chunk served, or 0.
     */
    private long fromUnsorted(long nb, int tcIdx) {
        long unsorted = arena.unsorted();
        boolean returnCached = false;
        int iters = 0;
        long victim;
        while ((victim = chunks.bk(unsorted)) != unsorted) {
            searches++;
            long bck = chunks.bk(victim);
            long size = chunks.size(victim);
            long next = victim + size;
            if ((chunks.prevSize(next) & ~SIZE_BITS) != size) {
                throw corrupted("malloc(): mismatching next->prev_size (unsorted)", victim);
            }
            if (chunks.prevInuse(next)) {
                throw corrupted("malloc(): invalid next->prev_inuse (unsorted)", victim);
            }
            if (isSmall(nb) && bck == unsorted && victim == arena.lastRemainder() && size > nb + MINSIZE) {
                long remainder = victim + nb;
                long remainderSize = size - nb;
                chunks.setBk(unsorted, remainder);
                chunks.setFd(unsorted, remainder);
                arena.setLastRemainder(remainder);
                chunks.setFd(remainder, unsorted);
                chunks.setBk(remainder, unsorted);
                if (!isSmall(remainderSize)) {
                    chunks.setFdNextsize(remainder, 0);
                    chunks.setBkNextsize(remainder, 0);
                }
                chunks.setHead(victim, nb | PREV_INUSE);
                chunks.setHead(remainder, remainderSize | PREV_INUSE);
                chunks.setFoot(remainder, remainderSize);
                served = nb;
                return victim + HEADER;
            }
            chunks.setBk(unsorted, bck);
            chunks.setFd(bck, unsorted);
            if (size == nb) {
                chunks.setInuseBitAt(victim, size);
                if (tcIdx >= 0 && tcache.hasRoom(tcIdx)) {
                    tcache.put(victim, tcIdx);
                    returnCached = true;
                    continue;
                }
                served = nb;
                return victim + HEADER;
            }
            searches += arena.placeInBin(victim, size);
            if (++iters >= MAX_ITERS) {
                break;
            }
        }
        if (returnCached) {
            served = nb;
            return tcache.get(tcIdx);
        }
        return 0;
    }

    /** Best fit in large bin {@code idx}: the smallest chunk of at least {@code nb}, through the nextsize ring. */
    private long fromLargeBin(long nb, int idx) {
        long bin = arena.binAt(idx);
        long victim = chunks.fd(bin);
        searches++;
        if (victim == bin || chunks.sizeField(victim) < nb) {
            return 0;
        }
        victim = chunks.bkNextsize(victim);
        searches++;
        long size;
        while ((size = chunks.size(victim)) < nb) {
            victim = chunks.bkNextsize(victim);
            searches++;
        }
        // the second of its size, so that the nextsize ring need not change
        if (victim != chunks.bk(bin) && chunks.sizeField(victim) == chunks.sizeField(chunks.fd(victim))) {
            victim = chunks.fd(victim);
        }
        return takeWhole(victim, size, nb, false);
    }

    /**
     * The binmap scan from bin {@code idx} up: the first bin marked and not empty gives its last chunk; a marked
     * bin found empty has its bit cleared.
     */
    private long fromBinmap(long nb, int idx) {
        int block = idx >>> 5;
        int map = arena.binmap(block);
        int bit = 1 << (idx & 31);
        long bin = arena.binAt(idx);
        for (;;) {
            if (bit == 0 || Integer.compareUnsigned(bit, map) > 0) {
                do {
                    if (++block >= ChunkSizes.NBINS >>> 5) {
                        return 0;
                    }
                } while ((map = arena.binmap(block)) == 0);
                bin = arena.binAt(block << 5);
                bit = 1;
            }
            while ((bit & map) == 0) {
                bin += 16;
                bit <<= 1;
            }
            long victim = chunks.bk(bin);
            searches++;
            if (victim == bin) {
                map &= ~bit;
                arena.setBinmap(block, map);
                bin += 16;
                bit <<= 1;
            } else {
                return takeWhole(victim, chunks.size(victim), nb, true);
            }
        }
    }

    /**
     * Unlinks free {@code victim} of {@code size} and serves {@code nb} from it: whole when less than 32 bytes would
     * remain, else split, the remainder to the unsorted bin (and made the last remainder for a small request, when
     * {@code advertise}).
     */
    private long takeWhole(long victim, long size, long nb, boolean advertise) {
        long remainderSize = size - nb;
        arena.unlink(victim);
        if (remainderSize < MINSIZE) {
            chunks.setInuseBitAt(victim, size);
            served = size;
        } else {
            long remainder = victim + nb;
            arena.pushUnsorted(remainder, remainderSize);
            if (advertise && isSmall(nb)) {
                arena.setLastRemainder(remainder);
            }
            chunks.setHead(victim, nb | PREV_INUSE);
            chunks.setHead(remainder, remainderSize | PREV_INUSE);
            chunks.setFoot(remainder, remainderSize);
            served = nb;
        }
        return victim + HEADER;
    }

    /** Splits {@code nb} off the top when the top keeps at least 32 bytes. */
    private long fromTop(long nb) {
        long victim = arena.top();
        long size = chunks.size(victim);
        searches++;
        if (size < nb + MINSIZE) {
            return 0;
        }
        return splitTop(victim, size, nb);
    }

    private long splitTop(long victim, long size, long nb) {
        long remainder = victim + nb;
        space.touch(remainder + MINSIZE);
        arena.setTop(remainder);
        chunks.setHead(victim, nb | PREV_INUSE);
        chunks.setHead(remainder, size - nb | PREV_INUSE);
        served = nb;
        return victim + HEADER;
    }

    // ---- sysmalloc ----------------------------------------------------------------------------------------------

    /**
     * {@code sysmalloc}: a chunk of its own for {@code nb} at or above the mmap threshold; otherwise the top
     * extended by sbrk of {@code nb} + top_pad + 32 - the top's size, page-rounded (or, past a blocking region,
     * started anew), and split.
     */
    private long sysmalloc(long nb) {
        if (nb >= mmapThreshold && mmaps < MMAPS_MAX) {
            long mem = mmapChunk(nb);
            if (mem != 0) {
                return mem;
            }
        }
        long oldTop = arena.top();
        boolean first = oldTop == arena.initialTop();
        long oldSize = first ? 0 : chunks.size(oldTop);
        if (first) {
            space.jumpBreak(); // the first sbrk: the break is wherever free space begins
        }
        long grown = space.pageRound(nb + topPad + MINSIZE - oldSize);
        long brk = space.sbrk(grown);
        if (brk == Heap.NO_ROOM && topPad > 0) {
            grown = space.pageRound(nb + MINSIZE - oldSize);
            brk = space.sbrk(grown);
        }
        if (brk == AddressSpace.BLOCKED) {
            return sysmallocPastRegion(nb, oldTop, oldSize);
        }
        if (brk == Heap.NO_ROOM) {
            return 0;
        }
        arena.addSystemMem(grown);
        if (first) {
            startPiece(brk);
            space.touch(brk + MINSIZE);
            arena.setTop(brk);
            chunks.setHead(brk, grown | PREV_INUSE);
        } else {
            chunks.setHead(oldTop, oldSize + grown | PREV_INUSE);
        }
        return splitTop(arena.top(), chunks.size(arena.top()), nb);
    }

    /**
     * sysmalloc's foreign-sbrk case: the break jumps past the region mapped after the arena; the new space also
     * holds what the old top held (glibc's correction); the old top is closed by two fenceposts and its rest freed.
     */
    private long sysmallocPastRegion(long nb, long oldTop, long oldSize) {
        long oldBrk = space.brk();
        space.jumpBreak();
        long total = space.pageRound(nb + topPad + MINSIZE - oldSize) + space.pageRound(oldSize);
        long brk = space.sbrk(total);
        if (brk == Heap.NO_ROOM && topPad > 0) {
            total = space.pageRound(nb + MINSIZE - oldSize) + space.pageRound(oldSize);
            brk = space.sbrk(total);
        }
        if (brk < 0) {
            space.setBreak(oldBrk);
            return 0;
        }
        arena.addSystemMem(total);
        startPiece(brk);
        space.touch(brk + MINSIZE);
        arena.setTop(brk);
        chunks.setHead(brk, total | PREV_INUSE);
        long kept = oldSize - 2 * HEADER & ~(ChunkSizes.ALIGNMENT - 1);
        chunks.setHead(oldTop, kept | PREV_INUSE);
        chunks.setHead(oldTop + kept, HEADER | PREV_INUSE);
        chunks.setHead(oldTop + kept + HEADER, HEADER | PREV_INUSE);
        pieceEnd[pieces - 2] = oldTop + kept + 2 * HEADER;
        if (kept >= MINSIZE) {
            intFree(oldTop);
        }
        return splitTop(brk, total, nb);
    }

    /** {@code sysmalloc_mmap}: a page-rounded region of its own, in a hole munmap left or at the heap's end. */
    private long mmapChunk(long nb) {
        long size = space.pageRound(nb + SIZE_SZ);
        long region = space.mapInHole(size);
        if (region < 0) {
            if (arena.top() != arena.initialTop() && space.brk() > heap.size()) {
                giveBackUntouchedTop();
            }
            region = space.mapAtEnd(size);
            if (region < 0) {
                return 0;
            }
        }
        chunks.setPrevSize(region, 0);
        chunks.setHead(region, size | IS_MMAPPED);
        mmaps++;
        served = size;
        return region + HEADER;
    }

    /** With grow=touched, the break's pages above the heap's end are given back, so a region may follow it. */
    private void giveBackUntouchedTop() {
        long top = arena.top();
        long end = heap.size();
        arena.addSystemMem(end - space.brk());
        chunks.setHead(top, end - top | PREV_INUSE);
        space.setBreak(end);
    }

    private void startPiece(long start) {
        if (pieces == pieceStart.length) {
            pieceStart = Arrays.copyOf(pieceStart, pieces * 2);
            pieceEnd = Arrays.copyOf(pieceEnd, pieces * 2);
        }
        pieceStart[pieces] = start;
        pieceEnd[pieces] = -1;
        pieces++;
    }

    // ---- free ---------------------------------------------------------------------------------------------------

    /** {@code __libc_free}: an mmapped chunk is unmapped (raising the threshold); any other goes to _int_free. */
    @Override
    public void free(long address, long size) {
        long p = address - HEADER;
        long field = chunks.sizeField(p);
        long bytes = field & ~SIZE_BITS;
        held -= bytes;
        if ((field & IS_MMAPPED) == 0) {
            intFree(p);
            return;
        }
        if (tunables.dynamicThreshold() && field > mmapThreshold && field <= MMAP_THRESHOLD_MAX) {
            mmapThreshold = bytes;
            trimThreshold = 2 * bytes;
        }
        mmaps--;
        long front = chunks.prevSize(p);
        space.unmap(p - front, front + bytes);
    }

    /**
     * {@code _int_free}: the tcache while its list has room; a fastbin for a small chunk; else merged with its free
     * neighbours into the unsorted bin or the top, consolidating the fastbins when the result is 64 KiB or more.
     */
    private void intFree(long p) {
        long size = chunks.size(p);
        if (tcache != null && tcache.isReady()) {
            long idx = ChunkSizes.tcacheIndex(size);
            if (idx < TCACHE_BINS) {
                tcache.key(p + HEADER);
                if (tcache.hasRoom((int) idx)) {
                    tcache.put(p, (int) idx);
                    return;
                }
            }
        }
        if (size <= maxFast) {
            if (chunks.sizeField(p + size) <= HEADER) {
                throw corrupted("free(): invalid next size (fast)", p);
            }
            arena.setHaveFastchunks(true);
            int idx = ChunkSizes.fastbinIndex(size);
            long old = arena.fastbin(idx);
            if (old == p) {
                throw corrupted("double free or corruption (fasttop)", p);
            }
            chunks.setFd(p, old);
            arena.setFastbin(idx, p);
            return;
        }
        long next = p + size;
        if (p == arena.top()) {
            throw corrupted("double free or corruption (top)", p);
        }
        if (!chunks.prevInuse(next)) {
            throw corrupted("double free or corruption (!prev)", p);
        }
        long merged = mergeFree(p, size, next);
        if (merged >= CONSOLIDATION_THRESHOLD) {
            if (arena.haveFastchunks()) {
                consolidate();
            }
            if (chunks.size(arena.top()) >= trimThreshold) {
                systrim();
            }
        }
    }

    /**
     * {@code systrim(top_pad)}: gives back the top's whole pages above top_pad + 32 bytes with a negative sbrk. The
     * break and the top shrink; the heap does not (the pages become a hole the break or an mmap takes again).
     */
    private void systrim() {
        long top = arena.top();
        long topSize = chunks.size(top);
        long area = topSize - MINSIZE - 1;
        if (area <= topPad) {
            return;
        }
        long extra = area - topPad & -(long) heap.pageSize();
        if (extra == 0) {
            return;
        }
        space.trimBreak(space.brk() - extra);
        arena.addSystemMem(-extra);
        chunks.setHead(top, topSize - extra | PREV_INUSE);
    }

    /**
     * Free's and malloc_consolidate's common part: {@code p} of {@code size} merges with a free chunk before it and
     * one after it ({@code next}), then goes to the front of the unsorted bin, or becomes the top when it borders
     * it. Returns the merged size.
     */
    private long mergeFree(long p, long size, long next) {
        long nextSize = chunks.size(next);
        if (!chunks.prevInuse(p)) {
            long prevSize = chunks.prevSize(p);
            size += prevSize;
            p -= prevSize;
            if (chunks.size(p) != prevSize) {
                throw corrupted("corrupted size vs. prev_size while consolidating", p);
            }
            arena.unlink(p);
        }
        if (next != arena.top()) {
            if (!chunks.inuseBitAt(next, nextSize)) {
                arena.unlink(next);
                size += nextSize;
            } else {
                chunks.clearInuseBitAt(next, 0);
            }
            arena.pushUnsorted(p, size);
            chunks.setHead(p, size | PREV_INUSE);
            chunks.setFoot(p, size);
        } else {
            size += nextSize;
            chunks.setHead(p, size | PREV_INUSE);
            arena.setTop(p);
        }
        return size;
    }

    /** {@code malloc_consolidate}: every fastbin chunk, smallest bin first and each list from its head, merged. */
    private void consolidate() {
        arena.setHaveFastchunks(false);
        for (int idx = 0; idx < ChunkSizes.NFASTBINS; idx++) {
            long p = arena.fastbin(idx);
            arena.setFastbin(idx, 0);
            while (p != 0) {
                long size = chunks.size(p);
                if (ChunkSizes.fastbinIndex(size) != idx) {
                    throw corrupted("malloc_consolidate(): invalid chunk size", p);
                }
                long nextp = chunks.fd(p);
                mergeFree(p, size, p + size);
                p = nextp;
            }
        }
    }

    // ---- realloc -------------------------------------------------------------------------------------------------

    /**
     * glibc's {@code realloc} of an arena chunk ({@code _int_realloc}): in place when the chunk is big enough (the
     * rest split off and freed), when it can grow into the top or into a free chunk after it; else
     * {@code _int_malloc} (no tcache lookup), copy, free. An mmapped chunk (glibc would mremap it) moves: allocate,
     * copy, free. heaplab's replays allocate, copy and free instead; this is for comparing the model with the
     * addresses glibc gave a traced program. Returns the new address, or {@link #NO_FIT} with the old block kept.
     */
    public long reallocate(long address, long size) {
        long oldp = address - HEADER;
        long oldSize = chunks.size(oldp);
        long nb = request2size(size);
        if ((chunks.sizeField(oldp) & IS_MMAPPED) != 0 || size > MAX_REQUEST) {
            long moved = allocate(size);
            if (moved != NO_FIT) {
                long copied = Math.min(oldSize - HEADER, size);
                if (copied > 0) {
                    heap.data().touch(address, copied, false);
                }
                free(address, size);
            }
            return moved;
        }
        if (tcache != null && !tcache.isReady()) {
            initTcache();
        }
        long next = oldp + oldSize;
        long newSize = oldSize;
        if (oldSize < nb) {
            long nextSize = chunks.size(next);
            if (next == arena.top() && oldSize + nextSize >= nb + MINSIZE) {
                space.touch(oldp + nb + MINSIZE);
                chunks.setHead(oldp, nb | chunks.sizeField(oldp) & SIZE_BITS);
                arena.setTop(oldp + nb);
                chunks.setHead(oldp + nb, oldSize + nextSize - nb | PREV_INUSE);
                held += nb - oldSize;
                return address;
            }
            if (next != arena.top() && !chunks.inuseBitAt(next, nextSize) && oldSize + nextSize >= nb) {
                arena.unlink(next);
                newSize = oldSize + nextSize;
            } else {
                long mem = intMalloc(nb);
                if (mem == 0) {
                    return NO_FIT;
                }
                if (mem - HEADER == next) {
                    newSize = oldSize + served;
                } else {
                    held += served - oldSize;
                    heap.data().touch(address, oldSize - SIZE_SZ, false);
                    intFree(oldp);
                    return mem;
                }
            }
        }
        long rest = newSize - nb;
        if (rest < MINSIZE) {
            chunks.setHead(oldp, newSize | chunks.sizeField(oldp) & SIZE_BITS);
            chunks.setInuseBitAt(oldp, newSize);
            held += newSize - oldSize;
        } else {
            long remainder = oldp + nb;
            chunks.setHead(oldp, nb | chunks.sizeField(oldp) & SIZE_BITS);
            chunks.setHead(remainder, rest | PREV_INUSE);
            chunks.setInuseBitAt(remainder, rest);
            held += nb - oldSize;
            intFree(remainder);
        }
        return address;
    }

    // ---- measures and checks ------------------------------------------------------------------------------------

    @Override
    public long searches() {
        return searches;
    }

    /** The chunks the workload holds, whole (header and rounding included); mmapped ones by their pages. */
    @Override
    public long heldBytes() {
        return held;
    }

    /**
     * Walks the heap: malloc_state, every piece of the arena chunk by chunk, the mmapped regions and the holes;
     * checks the boundary tags, that no two free chunks touch, every free chunk in exactly one bin and the right
     * one, each bin's links (and a large bin's order and nextsize ring), the binmap, the fastbins and the tcache,
     * the held bytes and the top.
     */
    @Override
    public void verify() {
        new ArenaCheck(this).run();
    }

    // ---- for tests and the check --------------------------------------------------------------------------------

    Heap heap() {
        return heap;
    }

    Chunks chunks() {
        return chunks;
    }

    MainArena arena() {
        return arena;
    }

    /** The tcache, or null when {@code tcache=0}. */
    Tcache tcache() {
        return tcache;
    }

    AddressSpace space() {
        return space;
    }

    long maxFast() {
        return maxFast;
    }

    int mmaps() {
        return mmaps;
    }

    int pieces() {
        return pieces;
    }

    long pieceStart(int i) {
        return pieceStart[i];
    }

    /** Where piece {@code i} ends: the break for the last piece. */
    long pieceEnd(int i) {
        return i == pieces - 1 ? space.brk() : pieceEnd[i];
    }

    /** The address of malloc_state; the arena's first chunk is a page-rounded 2200 bytes on. */
    public long stateAddress() {
        return stateAddress;
    }

    /** Where the arena begins (its first sbrk), or -1 before it. */
    public long sbrkBase() {
        return pieces == 0 ? -1 : pieceStart[0];
    }

    /** The current mmap threshold in bytes (Long.MAX_VALUE with {@code mmap=0}). */
    public long mmapThreshold() {
        return mmapThreshold;
    }

    /** The top chunk's address. */
    public long top() {
        return arena.top();
    }

    /** The top chunk's size. */
    public long topSize() {
        return chunks.size(arena.top());
    }

    /** The program break: the end of the memory the arena has from sbrk. */
    public long brk() {
        return space.brk();
    }

    public Tunables tunables() {
        return tunables;
    }
}
