package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The arena's bins, one per small class ({@code bin_t}, {@code src/bin.c} and {@code src/arena.c}, 5.3.0): each
 * has a current slab ({@code slabcur}) and a heap of non-full slabs; a slab's regions are tracked by the bitmap in
 * its descriptor.
 *
 * <h2>Rules</h2>
 *
 * <ul>
 * <li>A region comes from {@code slabcur}, the lowest free region of it ({@code bitmap_sfu}: the first group with
 *     a free bit, its lowest bit). A full {@code slabcur} is dropped (an automatic arena does not list its full
 *     slabs); the next is the <em>oldest, then lowest</em> non-full slab: {@code edata_heap_remove_first} over
 *     {@code edata_snad_comp}, serial number first, address second. Only when there is none is a fresh slab taken
 *     from the {@link Extents}.</li>
 * <li>A region freed in a full slab makes it non-full ({@code arena_bin_lower_slab}): it becomes {@code slabcur}
 *     if it comes before the current one (which goes to the heap), else it joins the heap.</li>
 * <li>A slab whose every region is free leaves its bin ({@code arena_dissociate_bin_slab}) and, once the bin is
 *     done with, goes back to the extents as a dirty extent ({@code arena_slab_dalloc}).</li>
 * <li>The thread cache fills in batches ({@code arena_cache_bin_fill_small}): from {@code slabcur} as far as it
 *     goes, in address order, then the next non-full slab, then fresh slabs.</li>
 * </ul>
 *
 * <pre>
 *  bin b, 16 bytes of the arena's metadata:   [ slabcur | root of the non-full heap ]
 *  slab descriptor ({@link Edata}):           nfree, bitmap: bit r of group r / 64 = region r is free
 * </pre>
 *
 * <p>Searches: each bitmap group examined for a free region, and each slab taken from the non-full heap.
 */
final class Bins {

    private final HeapAccess m;
    private final Edata ed;
    private final ExtentHeap heaps;
    private final SizeClasses sc;
    private final Extents extents;
    private final long at;
    private final int pageShift;
    private long searches;

    Bins(HeapAccess m, Edata ed, SizeClasses sc, Extents extents, int pageShift, long at) {
        this.m = m;
        this.ed = ed;
        this.heaps = new ExtentHeap(m, ed);
        this.sc = sc;
        this.extents = extents;
        this.pageShift = pageShift;
        this.at = at;
        for (int b = 0; b < sc.nbins(); b++) {
            m.setLong(slabcurSlot(b), 0);
            m.setLong(nonfull(b), 0);
        }
    }

    /** The metadata bytes of the bins. */
    static long bytes(SizeClasses sc) {
        return 16L * sc.nbins();
    }

    private long slabcurSlot(int bin) {
        return at + 16L * bin;
    }

    private long nonfull(int bin) {
        return at + 16L * bin + 8;
    }

    long slabcur(int bin) {
        return m.getLong(slabcurSlot(bin));
    }

    /** The first non-full slab of {@code bin} after {@code slabcur}, or 0. */
    long firstNonfull(int bin) {
        return heaps.first(nonfull(bin));
    }

    /** {@code arena_malloc_small}: one region of class {@code bin}, or -1 when no slab can be had. */
    long mallocOne(int bin) {
        long slab = usableSlab(bin);
        return slab == 0 ? -1 : regAlloc(slab, bin);
    }

    /**
     * {@code arena_cache_bin_fill_small}: up to {@code n} regions of class {@code bin}, written as longs from
     * {@code out} on in the order taken (lowest first within each slab). Returns how many.
     */
    int fill(int bin, int n, long out) {
        int filled = 0;
        while (filled < n) {
            long slab = usableSlab(bin);
            if (slab == 0) {
                break;
            }
            int count = Math.min(n - filled, ed.nfree(slab));
            for (int i = 0; i < count; i++) {
                m.setLong(out + 8L * filled++, regAlloc(slab, bin));
            }
        }
        return filled;
    }

    /** {@code slabcur} if it has a free region, else the next non-full slab, else a fresh one; 0 if none. */
    private long usableSlab(int bin) {
        long slab = slabcur(bin);
        if (slab != 0 && ed.nfree(slab) > 0) {
            return slab;
        }
        slab = heaps.removeFirst(nonfull(bin));
        if (slab != 0) {
            searches++;
        } else {
            slab = freshSlab(bin);
        }
        m.setLong(slabcurSlot(bin), slab);
        return slab;
    }

    /** {@code arena_slab_alloc}: a slab from the extents, every region free; 0 when the heap is full. */
    private long freshSlab(int bin) {
        long slab = extents.alloc((long) sc.slabPages(bin) << pageShift, true, bin);
        if (slab == 0) {
            return 0;
        }
        int nregs = sc.nregs(bin);
        ed.nfree(slab, nregs);
        for (int g = 0; g < groups(nregs); g++) {
            int bits = Math.min(64, nregs - 64 * g);
            ed.bitmapWord(slab, g, bits == 64 ? -1L : (1L << bits) - 1);
        }
        return slab;
    }

    private static int groups(int nregs) {
        return (nregs + 63) >>> 6;
    }

    /** {@code arena_slab_reg_alloc}: the lowest free region of {@code slab}. */
    private long regAlloc(long slab, int bin) {
        int g = 0;
        long word;
        while (true) {
            searches++;
            word = ed.bitmapWord(slab, g);
            if (word != 0) {
                break;
            }
            g++;
        }
        int bit = Long.numberOfTrailingZeros(word);
        ed.bitmapWord(slab, g, word & word - 1);
        ed.nfree(slab, ed.nfree(slab) - 1);
        return ed.addr(slab) + sc.size(bin) * (64L * g + bit);
    }

    /**
     * {@code arena_dalloc_bin_locked_step}: region {@code address} of {@code slab} free again. Returns true when the
     * slab is now empty and has left the bin: the caller gives it back with {@link #dallocSlab}.
     */
    boolean dallocRegion(long slab, long address) {
        int bin = ed.szind(slab);
        int reg = (int) ((address - ed.addr(slab)) / sc.size(bin));
        int g = reg >>> 6;
        long word = ed.bitmapWord(slab, g);
        if ((word >>> (reg & 63) & 1) != 0) {
            throw new IllegalStateException("region " + address + " of class " + sc.size(bin) + " is already free");
        }
        ed.bitmapWord(slab, g, word | 1L << (reg & 63));
        int nfree = ed.nfree(slab) + 1;
        ed.nfree(slab, nfree);
        int nregs = sc.nregs(bin);
        long cur = slabcur(bin);
        if (nfree == nregs) {
            if (slab == cur) {
                m.setLong(slabcurSlot(bin), 0);
            } else if (nregs > 1) {
                heaps.remove(nonfull(bin), slab);
            }
            return true;
        }
        if (nfree == 1 && slab != cur) {
            lowerSlab(bin, slab, cur);
        }
        return false;
    }

    /** {@code arena_bin_lower_slab}: keeps {@code slabcur} the oldest, then lowest, non-full slab it can. */
    private void lowerSlab(int bin, long slab, long cur) {
        if (cur != 0 && ed.compare(cur, slab) > 0) {
            if (ed.nfree(cur) > 0) {
                heaps.insert(nonfull(bin), cur);
            }
            m.setLong(slabcurSlot(bin), slab);
        } else {
            heaps.insert(nonfull(bin), slab);
        }
    }

    /** {@code arena_slab_dalloc}: an empty slab back to the extents. */
    void dallocSlab(long slab) {
        extents.dalloc(slab);
    }

    long searches() {
        return searches;
    }

    /**
     * Checks each bin: {@code slabcur} and every non-full slab are slabs of the bin whose free count matches their
     * bitmap, the non-full ones neither full nor empty; returns the regions in use in those slabs.
     */
    long verify(java.util.function.LongConsumer slabVisitor) {
        long used = 0;
        for (int b = 0; b < sc.nbins(); b++) {
            final int bin = b;
            long[] inUse = new long[1];
            java.util.function.LongConsumer check = slab -> {
                if (!ed.slab(slab) || ed.szind(slab) != bin || ed.state(slab) != Edata.ACTIVE) {
                    throw new IllegalStateException("slab " + slab + " of bin " + bin + " is not an active slab of it");
                }
                int nregs = sc.nregs(bin);
                int free = 0;
                for (int g = 0; g < groups(nregs); g++) {
                    long word = ed.bitmapWord(slab, g);
                    int bits = Math.min(64, nregs - 64 * g);
                    if (bits < 64 && word >>> bits != 0) {
                        throw new IllegalStateException("slab " + slab + ": bits past region " + nregs + " set");
                    }
                    free += Long.bitCount(word);
                }
                if (free != ed.nfree(slab)) {
                    throw new IllegalStateException("slab " + slab + ": nfree " + ed.nfree(slab) + " (expected: "
                            + free + " by its bitmap)");
                }
                if (free == nregs) {
                    throw new IllegalStateException("slab " + slab + " of bin " + bin + " is empty but kept");
                }
                inUse[0] += nregs - free;
                slabVisitor.accept(slab);
            };
            long cur = slabcur(b);
            if (cur != 0) {
                check.accept(cur);
            }
            heaps.verify(nonfull(b), slab -> {
                if (ed.nfree(slab) == 0) {
                    throw new IllegalStateException("full slab " + slab + " in the non-full heap of bin " + bin);
                }
                check.accept(slab);
            });
            used += inUse[0];
        }
        return used;
    }
}
