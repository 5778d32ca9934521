package io.heaplab.allocators.jemalloc;

import java.util.Arrays;

/**
 * jemalloc's size classes, computed as {@code src/sc.c} (5.3.0) computes them for 64-bit pointers, a 16-byte
 * quantum and the heap's page, with each small class's slab as {@code sc.c}'s {@code slab_size} and
 * {@code bin_info.c} choose it, and the page-size classes of {@code sz.h} that index the extent sets.
 *
 * <h2>The classes</h2>
 *
 * One tiny class below the quantum (8), a pseudo group of the quantum's multiples up to {@code 4 * 16} (16, 32, 48,
 * 64), then four classes per doubling, each group's step a quarter of its base:
 *
 * <pre>
 *  index  0   1   2   3   4   5   6   7    8    9   10   11   12   13   14   15   16 ...  35     36     37 ...
 *  size   8  16  32  48  64  80  96 112  128  160  192  224  256  320  384  448  512 ... 14336  16384  20480 ...
 *         tiny |pseudo group |  base 64 step 16 | base 128 step 32 | base 256 step 64 |      | large (4 KiB pages)
 * </pre>
 *
 * A class is small, served from slabs, when it is below {@code 4 * page} (16 KiB with 4 KiB pages: the largest
 * small class, {@code SC_SMALL_MAXCLASS}, is 14336); the rest are large, whole pages. A small class's slab is the
 * least number of pages that its regions tile exactly, the least common multiple of the page and the region size
 * ({@code slab_size}'s loop): 1 page of 8-byte regions (512 of them), 3 pages of 48 (256), 5 of 160 (128), 7 of
 * 14336 (2). A class is a page-size class when it is a multiple of the page; those index the extent sets.
 */
public final class SizeClasses {

    /** {@code LG_QUANTUM} on x86-64 and arm64. */
    public static final int LG_QUANTUM = 4;
    /** {@code SC_LG_TINY_MIN}: the tiny class of 8 bytes. */
    public static final int LG_TINY_MIN = 3;
    /** {@code SC_LG_NGROUP}: four classes per doubling. */
    public static final int LG_NGROUP = 2;
    private static final int NGROUP = 1 << LG_NGROUP;
    private static final int PTR_BITS = 64;

    private final int lgPage;
    private final long[] sizes;
    /** Pages per slab of each small class. */
    private final int[] slabPages;
    private final int nbins;
    private final long smallMax;
    private final long largeMax;
    /** {@code sz_pind2sz_tab}: the page-size classes, then {@code largeMax + page} at index {@link #npsizes}. */
    private final long[] pszSizes;

    /** The classes for pages of {@code 2^lgPage} bytes. */
    public SizeClasses(int lgPage) {
        this.lgPage = lgPage;
        long[] sz = new long[4 * PTR_BITS];
        int[] pgs = new int[sz.length];
        long[] psz = new long[sz.length];
        int n = 0;
        int npsz = 0;
        int bins = 0;
        // size_classes(): the tiny classes, then the pseudo group, then the regular groups
        int lgBase = LG_TINY_MIN;
        int lgDelta = lgBase;
        int ndelta = 0;
        while (lgBase < LG_QUANTUM) {
            sz[n++] = 1L << lgBase;
            lgDelta = lgBase;
            lgBase++;
        }
        if (n != 0) {
            // the first non-tiny class is written as base 2^(lg_quantum - 1) plus one delta of the same size
            lgBase--;
            ndelta = 1;
            sz[n++] = (1L << lgBase) + ((long) ndelta << lgDelta);
            lgBase++;
            lgDelta++;
        }
        while (ndelta < NGROUP) {
            sz[n++] = (1L << lgBase) + ((long) ndelta << lgDelta);
            ndelta++;
        }
        lgBase += LG_NGROUP;
        while (lgBase < PTR_BITS - 1) {
            int limit = lgBase == PTR_BITS - 2 ? NGROUP - 1 : NGROUP;
            for (ndelta = 1; ndelta <= limit; ndelta++) {
                sz[n++] = (1L << lgBase) + ((long) ndelta << lgDelta);
            }
            lgBase++;
            lgDelta++;
        }
        long page = 1L << lgPage;
        long small = 0;
        for (int i = 0; i < n; i++) {
            if (sz[i] % page == 0) {
                psz[npsz++] = sz[i];
            }
            if (sz[i] < page << LG_NGROUP) {
                pgs[i] = slabSize(page, sz[i]);
                bins++;
                small = sz[i];
            }
        }
        this.sizes = Arrays.copyOf(sz, n);
        this.slabPages = Arrays.copyOf(pgs, bins);
        this.nbins = bins;
        this.smallMax = small;
        this.largeMax = sz[n - 1];
        this.pszSizes = Arrays.copyOf(psz, npsz + 1);
        this.pszSizes[npsz] = largeMax + page;
    }

    /**
     * {@code slab_size}: pages of the first slab, counting up a page at a time, that its regions fill exactly; at
     * most {@code 2 * ngroup - 1} pages, since every class is {@code (ngroup + ndelta)} deltas of at most a page.
     */
    static int slabSize(long page, long regSize) {
        long slab = page;
        while (slab % regSize != 0) {
            slab += page;
        }
        return (int) (slab / page);
    }

    public int lgPage() {
        return lgPage;
    }

    /** {@code SC_NSIZES}: the number of classes. */
    public int nsizes() {
        return sizes.length;
    }

    /** {@code SC_NBINS}: the number of small classes. */
    public int nbins() {
        return nbins;
    }

    /** {@code SC_SMALL_MAXCLASS}. */
    public long smallMax() {
        return smallMax;
    }

    /** {@code SC_LARGE_MAXCLASS}: the largest size a request may have. */
    public long largeMax() {
        return largeMax;
    }

    /** {@code SC_NPSIZES}: the number of page-size classes. */
    public int npsizes() {
        return pszSizes.length - 1;
    }

    /** {@code sz_index2size}. */
    public long size(int index) {
        return sizes[index];
    }

    /** {@code sz_size2index_compute}: the class of a request of {@code size} bytes; 0 bytes is class 0. */
    public int index(long size) {
        if (size > largeMax) {
            return sizes.length;
        }
        if (size <= 1L << LG_TINY_MIN) {
            return 0;
        }
        int x = 63 - Long.numberOfLeadingZeros((size << 1) - 1);
        int shift = x < LG_NGROUP + LG_QUANTUM ? 0 : x - (LG_NGROUP + LG_QUANTUM);
        int grp = shift << LG_NGROUP;
        int lgDelta = x < LG_NGROUP + LG_QUANTUM + 1 ? LG_QUANTUM : x - LG_NGROUP - 1;
        int mod = (int) ((size - 1) >>> lgDelta & NGROUP - 1);
        return (LG_QUANTUM - LG_TINY_MIN) + grp + mod;
    }

    /** Pages of a slab of small class {@code bin}. */
    public int slabPages(int bin) {
        return slabPages[bin];
    }

    /** {@code bin_info.nregs}: regions in a slab of small class {@code bin}. */
    public int nregs(int bin) {
        return (int) (((long) slabPages[bin] << lgPage) / sizes[bin]);
    }

    /** {@code sz_pind2sz}: page-size class {@code pind}; {@link #npsizes()} gives {@code largeMax + page}. */
    public long pindSize(int pind) {
        return pszSizes[pind];
    }

    /** {@code sz_psz2ind}: the first page-size class of at least {@code psz} bytes ({@link #npsizes()} past all). */
    public int pszIndex(long psz) {
        if (psz > largeMax) {
            return npsizes();
        }
        int at = Arrays.binarySearch(pszSizes, 0, npsizes(), psz);
        return at >= 0 ? at : -at - 1;
    }

    /**
     * {@code sz_psz_quantize_floor}: the size an extent of {@code size} bytes (a page multiple, {@code pad} the
     * large pad) is filed under, the largest page-size class plus pad at or below it.
     */
    public long quantizeFloor(long size, long pad) {
        int pind = pszIndex(size - pad + 1);
        return pind == 0 ? size : pindSize(pind - 1) + pad;
    }

    /** {@code sz_psz_quantize_ceil}: the smallest quantized size at or above {@code size}. */
    public long quantizeCeil(long size, long pad) {
        long floor = quantizeFloor(size, pad);
        return floor < size ? pindSize(pszIndex(floor - pad + 1)) + pad : floor;
    }
}
