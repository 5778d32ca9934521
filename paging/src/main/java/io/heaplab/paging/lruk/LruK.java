package io.heaplab.paging.lruk;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageTables;
import java.util.Arrays;

/**
 * LRU-K in a fixed number of frames (O'Neil, O'Neil &amp; Weikum, SIGMOD 1993).
 *
 * <p>Each page keeps HIST, the times of its last {@code k} uncorrelated references, newest first. A fault with
 * memory full evicts the resident page whose {@code k}-th most recent reference is oldest (the largest backward
 * K-distance); a page with fewer than {@code k} references has an infinite distance and goes first, the one with
 * the oldest last reference among them (LRU as the subordinate policy). Virtual time counts references.
 *
 * <p><b>Correlated references.</b> A reference to a resident page within {@code correlation} references of its
 * previous one is correlated with it: it replaces the newest entry of HIST instead of being added (so a burst
 * counts as one reference, dated by its end). This is a simplification of the paper's CRP, which keeps the burst's
 * first time in HIST and shifts the older entries by the burst's length at the next uncorrelated reference, and
 * which also exempts pages referenced within the CRP from eviction (here every resident page is a candidate, so with
 * {@code correlation >= 1} a page referenced within the period may be evicted where the paper would spare it; the
 * default, 0, has no such pages). A fault is always uncorrelated. With runs, a run of
 * {@code n} references is one reference followed by {@code n - 1} references one apart: with
 * {@code correlation >= 1} they are correlated, with {@code correlation = 0} each enters HIST.
 *
 * <p><b>Retained information.</b> The HIST of an evicted page is kept while the page was last referenced no more
 * than {@code retain} references ago; a page faulted in later than that starts a new history. The default, 0,
 * forgets a page's history when it leaves memory; the paper leaves the retained information period a parameter
 * (it argues for one of the order of the Five-Minute Rule's interval, far longer than residence).
 *
 * <p><b>Cost.</b> The resident pages are an indexed binary min-heap keyed by the time of the {@code k}-th most
 * recent reference (offset above every time for pages with {@code k} references, so the infinite distances come
 * first); a reference updates its page's HIST in O(k) and its heap position in O(log frames); nothing is allocated
 * per reference. Keys are distinct (each time belongs to one reference), so there are no ties. A page is dirty from
 * a run that writes it until it leaves memory; evicting a dirty page counts one write-back.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class LruK implements PagingSimulator {

    private static final long FULL = 1L << 62;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;
    private final int k;
    private final long correlation;
    private final long retain;
    private long now;

    /** Per page, HIST newest first: {@code hist[page * k + i]}, the first {@code count[page]} valid. */
    private long[] hist = new long[0];
    private int[] count = new int[0];
    /** Per page, its index in {@link #heap}, or -1 when not resident. */
    private int[] pos = new int[0];
    private boolean[] dirty = new boolean[0];
    /** The resident pages, a binary min-heap by {@link #key}. */
    private final int[] heap;
    /**
     * The key of the page in each slot of {@link #heap}, kept beside it: a sift compares keys in one small array
     * instead of reading two pages' histories at each level, cache misses when the pages are many.
     */
    private final long[] keyAt;
    private int size;

    private long faults;
    private long writeBacks;

    public LruK(int frames, int k, long correlation, long retain) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        if (k < 1) {
            throw new IllegalArgumentException("k: " + k + " (expected: >= 1)");
        }
        if (correlation < 0 || retain < 0) {
            throw new IllegalArgumentException("correlation, retain: " + correlation + ", " + retain
                    + " (expected: >= 0)");
        }
        this.frames = frames;
        this.k = k;
        this.correlation = correlation;
        this.retain = retain;
        this.heap = new int[frames];
        this.keyAt = new long[frames];
        grow(INITIAL_PAGES - 1);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0) {
                throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
            }
            if (page >= pos.length) {
                grow(page);
            }
            int n = PageRun.count(run);
            long t = now;
            if (pos[page] >= 0) {
                int base = page * k;
                if (count[page] > 0 && t - hist[base] <= correlation) {
                    hist[base] = t;
                } else {
                    push(page, t);
                }
            } else {
                fault(page, t);
            }
            if (n > 1) {
                if (correlation >= 1) {
                    hist[page * k] = t + n - 1;
                } else {
                    for (long r = Math.max(t + 1, t + n - k); r < t + n; r++) {
                        push(page, r);
                    }
                }
            }
            int slot = pos[page];
            keyAt[slot] = key(page);
            siftDown(slot); // its key only grew
            dirty[page] |= PageRun.isWrite(run);
            now = t + n;
        }
    }

    private void fault(int page, long t) {
        faults++;
        if (size == frames) {
            int victim = heap[0];
            int last = heap[--size];
            pos[victim] = -1;
            if (size > 0) {
                heap[0] = last;
                keyAt[0] = keyAt[size];
                pos[last] = 0;
                siftDown(0);
            }
            if (dirty[victim]) {
                writeBacks++;
                dirty[victim] = false;
            }
            if (retain == 0) {
                count[victim] = 0;
            }
        }
        if (count[page] > 0 && t - hist[page * k] > retain) {
            count[page] = 0; // beyond the retained information period
        }
        push(page, t);
        heap[size] = page;
        keyAt[size] = key(page);
        pos[page] = size;
        size++;
        siftUp(size - 1);
    }

    /** Adds an uncorrelated reference at {@code t} to the page's HIST. */
    private void push(int page, long t) {
        int base = page * k;
        System.arraycopy(hist, base, hist, base + 1, k - 1);
        hist[base] = t;
        if (count[page] < k) {
            count[page]++;
        }
    }

    /** Smaller first: pages with fewer than k references by their last one, then the others by their k-th. */
    private long key(int page) {
        return count[page] < k ? hist[page * k] : FULL + hist[page * k + k - 1];
    }

    /** Moves the page in slot {@code i}, whose key in {@link #keyAt} is set, up to its place. */
    private void siftUp(int i) {
        int page = heap[i];
        long key = keyAt[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (keyAt[parent] <= key) {
                break;
            }
            put(i, heap[parent], keyAt[parent]);
            i = parent;
        }
        put(i, page, key);
    }

    /** Moves the page in slot {@code i}, whose key in {@link #keyAt} is set, down to its place. */
    private void siftDown(int i) {
        int page = heap[i];
        long key = keyAt[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && keyAt[child + 1] < keyAt[child]) {
                child++;
            }
            if (key <= keyAt[child]) {
                break;
            }
            put(i, heap[child], keyAt[child]);
            i = child;
        }
        put(i, page, key);
    }

    private void put(int slot, int page, long key) {
        heap[slot] = page;
        keyAt[slot] = key;
        pos[page] = slot;
    }

    private void grow(int page) {
        int old = pos.length;
        int length = Math.max(INITIAL_PAGES, PageTables.grownLength(old, page));
        pos = Arrays.copyOf(pos, length);
        Arrays.fill(pos, old, length, -1);
        count = Arrays.copyOf(count, length);
        dirty = Arrays.copyOf(dirty, length);
        hist = Arrays.copyOf(hist, Math.multiplyExact(length, k));
    }

    /** Forgets the counts; the pages and their histories stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    /** Checks the heap order and positions, and that only resident pages are dirty. */
    @Override
    public void finish() {
        for (int i = 0; i < size; i++) {
            if (pos[heap[i]] != i || keyAt[i] != key(heap[i]) || i > 0 && keyAt[(i - 1) >>> 1] > keyAt[i]) {
                throw new IllegalStateException("LRU-K heap broken at " + i);
            }
        }
        for (int page = 0; page < pos.length; page++) {
            if (dirty[page] && pos[page] < 0) {
                throw new IllegalStateException("page " + page + " is dirty but not resident");
            }
        }
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return FixedMemoryOutcome.of(faults, writeBacks);
    }

    public int frames() {
        return frames;
    }

    public boolean isResident(int page) {
        return page >= 0 && page < pos.length && pos[page] >= 0;
    }

    /** The page the next fault evicts, or -1 while memory is not full. */
    int nextVictim() {
        return size == frames ? heap[0] : -1;
    }
}
