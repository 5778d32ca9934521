package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The thread cache ({@code src/tcache.c} and {@code cache_bin.h}, 5.3.0): per class up to {@code tcache_maxclass}
 * (32 KiB), a stack of freed regions or extents that the thread takes again without touching the arena.
 *
 * <h2>Sizes</h2>
 *
 * A small class caches twice the regions of its slab, made even and kept between
 * {@code opt_tcache_nslots_small_min} (20) and {@code opt_tcache_nslots_small_max} (200)
 * ({@code tcache_ncached_max_compute}); a large class up to 32 KiB caches {@code opt_tcache_nslots_large} (20).
 * The stacks, 8 bytes a slot and two slots more, are one block the thread allocates from the arena when it first
 * allocates ({@code tsd_tcache_data_init}, page-aligned); each stack's empty position is at its high end, the most
 * recent entry at the lowest address.
 *
 * <h2>Rules</h2>
 *
 * <ul>
 * <li>A small request pops the most recent entry; an empty stack is filled with {@code ncached_max >> lg_fill_div}
 *     regions from the bin ({@code tcache_alloc_small_hard}), lowest first, so that the lowest is popped first.
 *     A large request pops too; an empty large stack is not filled: the request goes to the arena.</li>
 * <li>A free pushes; a full stack first flushes its oldest half, keeping {@code ncached_max >> 1}
 *     ({@code opt_lg_tcache_flush_small_div} = {@code opt_lg_tcache_flush_large_div} = 1): the flushed entries go
 *     back to their slabs (or extents), nearest the top first, and the slabs they empty go back to the extents after.</li>
 * <li>Every 64 KiB allocated, and every 64 KiB freed ({@code opt_tcache_gc_incr_bytes}), one class in turn is
 *     collected ({@code tcache_event}): if its stack never fell below {@code low_water} entries since the last time,
 *     3/4 of those are flushed and its fill halves; if it ran empty and was refilled, its fill doubles.</li>
 * </ul>
 *
 * <p>The stacks are in the heap, so every push and pop is a recorded reference. Their heads, low-water marks and
 * fill divisors live in jemalloc's {@code tcache_t}, in the thread's static TLS, not in its heap: here they are Java
 * arrays.
 */
final class Tcache {

    /** {@code opt_tcache_max}. */
    static final long TCACHE_MAX = 32L << 10;
    static final int NSLOTS_SMALL_MIN = 20;
    static final int NSLOTS_SMALL_MAX = 200;
    static final int NSLOTS_LARGE = 20;
    /** {@code opt_tcache_gc_incr_bytes}. */
    static final long GC_INCR_BYTES = 65536;

    private final HeapAccess m;
    private final SizeClasses sc;
    private final Bins bins;
    private final Extents extents;
    private final int nhbins;
    private final int[] ncachedMax;
    private final long[] empty;
    private final int[] ncached;
    private final int[] lowWater;
    private final boolean[] refilled;
    private final int[] lgFillDiv;
    /** Slabs a flush emptied, given back after it. */
    private final long[] emptied;
    private long sinceAllocGc;
    private long sinceDallocGc;
    private int nextGcBin;
    private long fills;
    private long flushes;

    Tcache(HeapAccess m, SizeClasses sc, Bins bins, Extents extents) {
        this.m = m;
        this.sc = sc;
        this.bins = bins;
        this.extents = extents;
        this.nhbins = nhbins(sc);
        this.ncachedMax = new int[nhbins];
        int most = 0;
        for (int i = 0; i < nhbins; i++) {
            ncachedMax[i] = ncachedMax(sc, i);
            most = Math.max(most, ncachedMax[i]);
        }
        this.empty = new long[nhbins];
        this.ncached = new int[nhbins];
        this.lowWater = new int[nhbins];
        this.refilled = new boolean[nhbins];
        this.lgFillDiv = new int[nhbins];
        java.util.Arrays.fill(lgFillDiv, 1);
        this.emptied = new long[most];
    }

    /** {@code nhbins}: the classes up to {@code sz_s2u(opt_tcache_max)}. */
    static int nhbins(SizeClasses sc) {
        return sc.index(TCACHE_MAX) + 1;
    }

    /** {@code tcache_ncached_max_compute}: slots of class {@code index}; 0 for a small class past nhbins. */
    static int ncachedMax(SizeClasses sc, int index) {
        if (index >= nhbins(sc)) {
            return 0;
        }
        if (index >= sc.nbins()) {
            return NSLOTS_LARGE;
        }
        // opt_lg_tcache_nslots_mul = 1: twice the regions of a slab, made even, clamped to [min, max]
        int candidate = sc.nregs(index) << 1;
        if (candidate % 2 != 0) {
            candidate++;
        }
        return Math.max(NSLOTS_SMALL_MIN, Math.min(NSLOTS_SMALL_MAX, candidate));
    }

    /** {@code cache_bin_info_compute_alloc}: bytes of the block that holds every stack. */
    static long stackBytes(SizeClasses sc) {
        long slots = 2;
        for (int i = 0; i < nhbins(sc); i++) {
            slots += ncachedMax(sc, i);
        }
        return 8 * slots;
    }

    /** Lays the stacks out in the block at {@code mem}, one slot of padding first. */
    void init(long mem) {
        long offset = mem + 8;
        for (int i = 0; i < nhbins; i++) {
            offset += 8L * ncachedMax[i];
            empty[i] = offset;
        }
    }

    /** Whether class {@code index} is cached. */
    boolean caches(int index) {
        return index < nhbins && ncachedMax[index] > 0;
    }

    /** A small region of class {@code bin} from its stack, filled from the bin if empty; -1 if none can be had. */
    long allocSmall(int bin) {
        if (ncached[bin] == 0) {
            int nfill = ncachedMax[bin] >> lgFillDiv[bin];
            long out = empty[bin] - 8L * nfill;
            int filled = bins.fill(bin, nfill, out);
            fills++;
            if (filled < nfill) {
                // cache_bin_finish_fill: the regions taken move up against the empty position
                for (int k = filled - 1; k >= 0; k--) {
                    m.setLong(empty[bin] - 8L * filled + 8L * k, m.getLong(out + 8L * k));
                }
            }
            refilled[bin] = true;
            ncached[bin] = filled;
            if (filled == 0) {
                return -1;
            }
        }
        return pop(bin);
    }

    /** A large extent's address of class {@code index} from its stack, or -1 when it is empty. */
    long allocLarge(int index) {
        return ncached[index] == 0 ? -1 : pop(index);
    }

    private long pop(int index) {
        int n = --ncached[index];
        long address = m.getLong(empty[index] - 8L * (n + 1));
        if (n < lowWater[index]) {
            lowWater[index] = n;
        }
        return address;
    }

    /** Caches the freed block {@code address} of class {@code index}, flushing half the stack first if full. */
    void dalloc(int index, long address) {
        if (ncached[index] == ncachedMax[index]) {
            flush(index, ncachedMax[index] >> 1);
        }
        int n = ncached[index]++;
        m.setLong(empty[index] - 8L * (n + 1), address);
    }

    /**
     * {@code tcache_bin_flush_small} / {@code _large}: gives back all but the {@code remain} most recent entries,
     * the one nearest the top first; slabs emptied go back to the extents after.
     */
    void flush(int index, int remain) {
        int n = ncached[index];
        int nflush = n - remain;
        if (nflush <= 0) {
            return;
        }
        flushes++;
        long from = empty[index] - 8L * nflush;
        boolean small = index < sc.nbins();
        int nempty = 0;
        for (int j = 0; j < nflush; j++) {
            long address = m.getLong(from + 8L * j);
            long e = extents.lookup(address);
            if (!small) {
                extents.dalloc(e);
            } else if (bins.dallocRegion(e, address)) {
                emptied[nempty++] = e;
            }
        }
        for (int i = 0; i < nempty; i++) {
            bins.dallocSlab(emptied[i]);
        }
        // cache_bin_finish_flush: the entries kept move up against the empty position
        long head = empty[index] - 8L * n;
        for (int k = remain - 1; k >= 0; k--) {
            m.setLong(empty[index] - 8L * remain + 8L * k, m.getLong(head + 8L * k));
        }
        ncached[index] = remain;
        if (lowWater[index] > remain) {
            lowWater[index] = remain;
        }
    }

    /** Counts {@code usize} allocated bytes toward the next collection ({@code tcache_gc_event}). */
    void allocated(long usize) {
        sinceAllocGc += usize;
        if (sinceAllocGc >= GC_INCR_BYTES) {
            sinceAllocGc = 0;
            event();
        }
    }

    /** Counts {@code usize} freed bytes toward the next collection ({@code tcache_gc_dalloc_event}). */
    void deallocated(long usize) {
        sinceDallocGc += usize;
        if (sinceDallocGc >= GC_INCR_BYTES) {
            sinceDallocGc = 0;
            event();
        }
    }

    /** {@code tcache_event}: collects the next class in turn. */
    private void event() {
        int b = nextGcBin;
        int low = lowWater[b];
        boolean small = b < sc.nbins();
        if (low > 0) {
            if (small) {
                int nflush = low - (low >> 2);
                flush(b, ncached[b] - nflush);
                if (ncachedMax[b] >> lgFillDiv[b] + 1 >= 1) {
                    lgFillDiv[b]++;
                }
            } else {
                flush(b, ncached[b] - low + (low >> 2));
            }
        } else if (small && refilled[b]) {
            if (lgFillDiv[b] > 1) {
                lgFillDiv[b]--;
            }
            refilled[b] = false;
        }
        lowWater[b] = ncached[b];
        nextGcBin = b + 1 == nhbins ? 0 : b + 1;
    }

    int nhbins() {
        return nhbins;
    }

    int ncachedMax(int index) {
        return ncachedMax[index];
    }

    int ncached(int index) {
        return ncached[index];
    }

    int lgFillDiv(int index) {
        return lgFillDiv[index];
    }

    /** Entry {@code k} of class {@code index}'s stack, 0 the most recent. */
    long cached(int index, int k) {
        return m.getLong(empty[index] - 8L * (ncached[index] - k));
    }

    long fills() {
        return fills;
    }

    long flushes() {
        return flushes;
    }
}
