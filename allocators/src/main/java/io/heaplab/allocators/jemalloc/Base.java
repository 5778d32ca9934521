package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import java.util.Arrays;

/**
 * jemalloc's base allocator ({@code src/base.c}, 5.3.0): metadata that is never freed, bumped out of blocks the
 * arena never reuses, and the cache of unused extent descriptors ({@code edata_cache.c}) it feeds.
 *
 * <p>jemalloc maps a base block of at least a huge page (2 MiB) and the system makes its pages resident as the bump
 * pointer first writes them. Here a block is the pages the bump pointer has reached: when an allocation does not
 * fit what is left of the current run, the base takes as many whole pages as it needs at the heap's break. The run
 * is what the real block has touched; the rest of the real block is reserved, untouched, and not grown. A run cut
 * short by an allocation that did not fit leaves its tail unused, where jemalloc's block would go on; the records
 * that fill the base are each {@link Edata#size(int)} bytes, which tile a page, so that tail is rare.
 *
 * <p>The descriptor cache is a list through the records' {@link Edata#NEXT} link, its head in the base's own header
 * (jemalloc's {@code base_t} lies at the start of its first block): the last record put back is the first taken
 * (jemalloc keeps a heap by extent serial number; the order only decides which record of the same size a split
 * writes).
 */
final class Base {

    /** The base header: the descriptor cache's head. */
    private static final int HEADER = 64;

    private final Heap heap;
    private final HeapAccess m;
    private final int page;
    private final int recordSize;
    private long header = -1;
    private long cursor;
    private long end;
    private int cached;
    /** The runs the base took, start and end in pairs, for {@link #verify} and reports. */
    private long[] runs = new long[16];
    private int nruns;
    private long bytes;

    Base(Heap heap, int recordSize) {
        this.heap = heap;
        this.m = heap.bookkeeping();
        this.page = heap.pageSize();
        this.recordSize = recordSize;
    }

    /** Writes the base header; false when a bounded heap has no page for it. */
    boolean boot() {
        header = alloc(HEADER, 64);
        if (header < 0) {
            return false;
        }
        m.setLong(header, 0);
        return true;
    }

    /** {@code base_alloc}: {@code size} bytes aligned to {@code alignment}, or -1 when the heap is full. */
    long alloc(long size, long alignment) {
        long at = Bytes.alignUp(cursor, alignment);
        if (end == 0 || at + size > end) {
            long pages = (size + page - 1) / page;
            long run = heap.grow(pages * page);
            if (run == Heap.NO_ROOM) {
                return -1;
            }
            addRun(run, run + pages * page);
            at = run;
            end = run + pages * page;
            bytes += pages * page;
        }
        cursor = at + size;
        return at;
    }

    private void addRun(long start, long stop) {
        if (nruns > 0 && runs[2 * nruns - 1] == start) {
            runs[2 * nruns - 1] = stop;
            return;
        }
        if (2 * nruns + 2 > runs.length) {
            runs = Arrays.copyOf(runs, runs.length * 2);
        }
        runs[2 * nruns] = start;
        runs[2 * nruns + 1] = stop;
        nruns++;
    }

    /** Makes sure {@code n} descriptors are cached, taking new ones from the base; false when the heap is full. */
    boolean reserve(int n) {
        while (cached < n) {
            long e = alloc(recordSize, Math.min(recordSize, 128));
            if (e < 0) {
                return false;
            }
            put(e);
        }
        return true;
    }

    /** {@code edata_cache_get}: a cached descriptor; the caller has {@linkplain #reserve reserved} it. */
    long get() {
        long e = m.getLong(header);
        if (e == 0) {
            throw new IllegalStateException("no descriptor reserved");
        }
        m.setLong(header, m.getLong(e + Edata.NEXT));
        cached--;
        return e;
    }

    /** {@code edata_cache_put}: an unused descriptor back in the cache. */
    void put(long e) {
        m.setLong(e + Edata.NEXT, m.getLong(header));
        m.setLong(header, e);
        cached++;
    }

    int cached() {
        return cached;
    }

    /** Bytes of heap the base has taken. */
    long bytes() {
        return bytes;
    }

    /** Whether {@code address} lies in a page the base took. */
    boolean owns(long address) {
        for (int i = 0; i < nruns; i++) {
            if (address >= runs[2 * i] && address < runs[2 * i + 1]) {
                return true;
            }
        }
        return false;
    }

    /** The runs the base took, start and end in pairs. */
    long[] runs() {
        return Arrays.copyOf(runs, 2 * nruns);
    }

    /** The cache's list holds {@link #cached()} records, each inside the base. */
    void verify() {
        int n = 0;
        for (long e = m.getLong(header); e != 0; e = m.getLong(e + Edata.NEXT)) {
            if (!owns(e)) {
                throw new IllegalStateException("cached descriptor " + e + " lies outside the base");
            }
            if (++n > cached) {
                break;
            }
        }
        if (n != cached) {
            throw new IllegalStateException("descriptor cache holds " + n + " records (expected: " + cached + ")");
        }
    }
}
