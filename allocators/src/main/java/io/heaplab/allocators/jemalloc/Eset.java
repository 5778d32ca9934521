package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.HeapAccess;
import java.util.function.LongConsumer;

/**
 * A set of free extents of one state, jemalloc's {@code eset_t} ({@code src/eset.c}, 5.3.0): one
 * {@link ExtentHeap} per page-size class, and a bitmap of the classes that are not empty, both in the arena's
 * metadata.
 *
 * <p>An extent is filed under the class of its size quantized down ({@code sz_psz_quantize_floor}), so every extent
 * of a class is at least that class. {@code eset_first_fit} starts at the class of the request quantized up and
 * walks the non-empty classes by the bitmap; of the first extent of each (the oldest, then the lowest), it takes the
 * one of least serial number and then address: <em>not</em> the smallest adequate class, but the oldest and then
 * lowest extent of all the adequate ones. For the dirty set the walk stops at classes more than
 * {@code 2^opt_lg_extent_max_active_fit} (64) times the request, so that a small request does not split a large
 * extent that delayed coalescing would not rebuild; for the retained set it goes on to the end.
 *
 * <pre>
 *  roots    [pind 0][pind 1] ... [pind NPSIZES]   8 bytes each: the heap of extents filed under that class
 *  bitmap   [word 0][word 1] ...                  bit pind: that heap is not empty
 * </pre>
 *
 * <p>Searches: each class whose first extent is examined.
 */
final class Eset {

    private final HeapAccess m;
    private final Edata ed;
    private final ExtentHeap heaps;
    private final SizeClasses sc;
    private final long pad;
    private final long roots;
    private final long bitmap;
    private final int nclasses;
    private long searches;

    /** An empty set in the {@link #bytes} at {@code at}. */
    Eset(HeapAccess m, Edata ed, ExtentHeap heaps, SizeClasses sc, long pad, long at) {
        this.m = m;
        this.ed = ed;
        this.heaps = heaps;
        this.sc = sc;
        this.pad = pad;
        this.nclasses = sc.npsizes() + 1;
        this.roots = at;
        this.bitmap = at + 8L * nclasses;
        for (int i = 0; i < nclasses; i++) {
            m.setLong(roots + 8L * i, 0);
        }
        for (int w = 0; w < words(nclasses); w++) {
            m.setLong(bitmap + 8L * w, 0);
        }
    }

    /** The metadata bytes of a set. */
    static long bytes(SizeClasses sc) {
        int n = sc.npsizes() + 1;
        return 8L * (n + words(n));
    }

    private static int words(int bits) {
        return (bits + 63) >>> 6;
    }

    /** {@code eset_insert}'s class: the page-size class of the extent's size quantized down. */
    int classOf(long size) {
        return sc.pszIndex(sc.quantizeFloor(size, pad));
    }

    void insert(long e) {
        int pind = classOf(ed.size(e));
        long root = roots + 8L * pind;
        if (heaps.isEmpty(root)) {
            long w = bitmap + 8L * (pind >>> 6);
            m.setLong(w, m.getLong(w) | 1L << pind);
        }
        heaps.insert(root, e);
    }

    void remove(long e) {
        int pind = classOf(ed.size(e));
        long root = roots + 8L * pind;
        heaps.remove(root, e);
        if (heaps.isEmpty(root)) {
            long w = bitmap + 8L * (pind >>> 6);
            m.setLong(w, m.getLong(w) & ~(1L << pind));
        }
    }

    /**
     * {@code eset_fit} for page alignment: the oldest, then lowest, extent of at least {@code size} bytes filed no
     * higher than {@code 2^lgMaxFit} times {@code size} (64 for no bound), or 0.
     */
    long firstFit(long size, int lgMaxFit) {
        if (size > sc.largeMax() + pad) {
            return 0;
        }
        int from = sc.pszIndex(sc.quantizeCeil(size, pad));
        long best = 0;
        for (int i = nextSet(from); i < nclasses; i = nextSet(i + 1)) {
            if (lgMaxFit < 64 && sc.pindSize(i) >>> Math.min(lgMaxFit, 63) > size) {
                break;
            }
            searches++;
            long e = heaps.first(roots + 8L * i);
            if (best == 0 || ed.compare(e, best) < 0) {
                best = e;
            }
        }
        return best;
    }

    /** {@code fb_ffs}: the first non-empty class at or after {@code from}, or the number of classes. */
    private int nextSet(int from) {
        if (from >= nclasses) {
            return nclasses;
        }
        int w = from >>> 6;
        long word = m.getLong(bitmap + 8L * w) & -1L << (from & 63);
        while (word == 0) {
            if (++w >= words(nclasses)) {
                return nclasses;
            }
            word = m.getLong(bitmap + 8L * w);
        }
        return Math.min(nclasses, w << 6 | Long.numberOfTrailingZeros(word));
    }

    long searches() {
        return searches;
    }

    /** The first extent filed under class {@code pind}, or 0. */
    long first(int pind) {
        return heaps.first(roots + 8L * pind);
    }

    /**
     * Checks every class's heap and bitmap bit and that each extent is filed under its class and in
     * {@code state}; {@code visitor} sees each extent. Returns the number of extents.
     */
    int verify(int state, LongConsumer visitor) {
        int n = 0;
        for (int i = 0; i < nclasses; i++) {
            final int pind = i;
            int k = heaps.verify(roots + 8L * i, e -> {
                if (classOf(ed.size(e)) != pind) {
                    throw new IllegalStateException("extent " + e + " of " + ed.size(e) + " bytes filed under class "
                            + pind + " (expected: " + classOf(ed.size(e)) + ")");
                }
                if (ed.state(e) != state) {
                    throw new IllegalStateException("extent " + e + " in state " + ed.state(e) + " (expected: "
                            + state + ")");
                }
                visitor.accept(e);
            });
            boolean bit = (m.getLong(bitmap + 8L * (i >>> 6)) >>> (i & 63) & 1) != 0;
            if (bit != (k > 0)) {
                throw new IllegalStateException("class " + i + ": bitmap bit " + bit + " for " + k + " extents");
            }
            n += k;
        }
        return n;
    }
}
