package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * The extent descriptor, jemalloc's {@code edata_t} ({@code include/jemalloc/internal/edata.h}, 5.3.0), as a
 * record in base memory: where the extent lies, its size, its serial number, its state and class, the links of the
 * pairing heap it sits in, and, for a slab, the bitmap of its regions.
 *
 * <pre>
 *  offset  0  addr      heap address of the extent's first byte; -1 for retained space never touched
 *          8  size      bytes, a page multiple
 *         16  sn        serial number: the reservation ("grow") it was cut from; merges keep the lower
 *         24  bits      state (2 bits) | slab (1) | class index (8, from bit 3)
 *         28  nfree     free regions of a slab
 *         32  prev      pairing heap: the parent if this is the first child, else the left sibling
 *         40  next      pairing heap: the right sibling; the edata cache's list link while unused
 *         48  child     pairing heap: the first child
 *         56  -         (unused: the real edata_t keeps its list links and profiling data here)
 *         64  bitmap    one bit per region, 1 = free (jemalloc's inverted bitmap_t), in 64-bit groups
 * </pre>
 *
 * A record is {@link #size(int)} bytes, 128 with 4 KiB pages (jemalloc's {@code EDATA_ALIGNMENT}), since a slab
 * holds at most {@code page / 8} regions.
 */
final class Edata {

    static final int ACTIVE = 0;
    static final int DIRTY = 1;
    static final int RETAINED = 2;

    static final int ADDR = 0;
    static final int SIZE = 8;
    static final int SN = 16;
    static final int BITS = 24;
    static final int NFREE = 28;
    static final int PREV = 32;
    static final int NEXT = 40;
    static final int CHILD = 48;
    static final int BITMAP = 64;

    private final HeapAccess m;

    Edata(HeapAccess m) {
        this.m = m;
    }

    /** Bytes of a record for pages of {@code 2^lgPage} bytes: the header and a bitmap of {@code page / 8} bits. */
    static int size(int lgPage) {
        int bitmapBytes = Math.max(8, (1 << lgPage) / 64);
        return Math.max(128, Integer.highestOneBit(BITMAP + bitmapBytes - 1) << 1);
    }

    /** A fresh descriptor: active, not a slab, out of every heap. */
    void init(long e, long addr, long size, long sn) {
        m.setLong(e + ADDR, addr);
        m.setLong(e + SIZE, size);
        m.setLong(e + SN, sn);
        m.setInt(e + BITS, ACTIVE);
        m.setInt(e + NFREE, 0);
        m.setLong(e + PREV, 0);
        m.setLong(e + NEXT, 0);
        m.setLong(e + CHILD, 0);
    }

    long addr(long e) {
        return m.getLong(e + ADDR);
    }

    void addr(long e, long addr) {
        m.setLong(e + ADDR, addr);
    }

    long size(long e) {
        return m.getLong(e + SIZE);
    }

    void size(long e, long size) {
        m.setLong(e + SIZE, size);
    }

    long sn(long e) {
        return m.getLong(e + SN);
    }

    void sn(long e, long sn) {
        m.setLong(e + SN, sn);
    }

    int state(long e) {
        return m.getInt(e + BITS) & 3;
    }

    void state(long e, int state) {
        m.setInt(e + BITS, m.getInt(e + BITS) & ~3 | state);
    }

    boolean slab(long e) {
        return (m.getInt(e + BITS) & 4) != 0;
    }

    int szind(long e) {
        return m.getInt(e + BITS) >>> 3;
    }

    /** Marks an active extent a slab of class {@code bin} ({@code slab = true}) or a large one of class szind. */
    void kind(long e, boolean slab, int szind) {
        m.setInt(e + BITS, m.getInt(e + BITS) & 3 | (slab ? 4 : 0) | szind << 3);
    }

    int nfree(long e) {
        return m.getInt(e + NFREE);
    }

    void nfree(long e, int nfree) {
        m.setInt(e + NFREE, nfree);
    }

    /** {@code edata_snad_comp}: order by serial number, then address; negative when {@code a} comes first. */
    int compare(long a, long b) {
        int bySn = Long.compare(m.getLong(a + SN), m.getLong(b + SN));
        return bySn != 0 ? bySn : Long.compare(m.getLong(a + ADDR), m.getLong(b + ADDR));
    }

    long link(long e, int which) {
        return m.getLong(e + which);
    }

    void link(long e, int which, long value) {
        m.setLong(e + which, value);
    }

    long bitmapWord(long e, int group) {
        return m.getLong(e + BITMAP + 8L * group);
    }

    void bitmapWord(long e, int group, long word) {
        m.setLong(e + BITMAP + 8L * group, word);
    }
}
