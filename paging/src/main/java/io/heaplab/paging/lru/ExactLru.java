package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Strict LRU replacement in a fixed number of frames: the top of the LRU stack of Mattson et al. (1970).
 *
 * <p>Pages of one heap are dense from 0, so the recency list is intrusive: {@code prev}/{@code next} are arrays
 * indexed by page, and a reference costs O(1) with no hash lookup and no allocation. Only the first reference
 * of a run can fault; the rest of the run hits the page it just made most recent.
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back (measure {@code writeBacks}). Pages still dirty when the run ends are not counted.
 */
public final class ExactLru implements PagingSimulator {

    private static final int NIL = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;

    private int[] prev = new int[INITIAL_PAGES];
    private int[] next = new int[INITIAL_PAGES];
    private boolean[] resident = new boolean[INITIAL_PAGES];
    private boolean[] dirty = new boolean[INITIAL_PAGES];
    /** Most recently used resident page. */
    private int head = NIL;
    /** Least recently used resident page: the next victim. */
    private int tail = NIL;
    private int size;
    private long faults;
    private long writeBacks;

    public ExactLru(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            reference(page);
            dirty[page] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the stack and the dirty bits stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    private void reference(int page) {
        if (page < 0 || page >= resident.length) {
            grow(page);
        }
        if (resident[page]) {
            if (page != head) {
                unlink(page);
                pushFront(page);
            }
            return;
        }
        faults++;
        if (size == frames) {
            int victim = tail;
            unlink(victim);
            resident[victim] = false;
            if (dirty[victim]) {
                writeBacks++;
                dirty[victim] = false;
            }
        } else {
            size++;
        }
        resident[page] = true;
        pushFront(page);
    }

    private void unlink(int page) {
        int p = prev[page];
        int n = next[page];
        if (p == NIL) {
            head = n;
        } else {
            next[p] = n;
        }
        if (n == NIL) {
            tail = p;
        } else {
            prev[n] = p;
        }
    }

    private void pushFront(int page) {
        prev[page] = NIL;
        next[page] = head;
        if (head == NIL) {
            tail = page;
        } else {
            prev[head] = page;
        }
        head = page;
    }

    private void grow(int page) {
        int length = PageTables.grownLength(resident.length, page);
        prev = Arrays.copyOf(prev, length);
        next = Arrays.copyOf(next, length);
        resident = Arrays.copyOf(resident, length);
        dirty = Arrays.copyOf(dirty, length);
    }

    /** Whether {@code page} is in memory now. */
    public boolean isResident(int page) {
        return page >= 0 && page < resident.length && resident[page];
    }

    /**
     * Walks the list once: it must hold exactly the resident pages, no more than the frames, linked both ways;
     * only a resident page may be dirty.
     */
    @Override
    public void finish() {
        int count = 0;
        int before = NIL;
        for (int page = head; page != NIL; page = next[page]) {
            if (!resident[page] || prev[page] != before || ++count > size) {
                throw new IllegalStateException("LRU list broken at page " + page);
            }
            before = page;
        }
        if (count != size || before != tail || size > frames) {
            throw new IllegalStateException("LRU list holds " + count + " pages, expected " + size
                    + " in at most " + frames + " frames");
        }
        for (int page = 0; page < resident.length; page++) {
            if (dirty[page] && !resident[page]) {
                throw new IllegalStateException("page " + page + " is dirty but not resident");
            }
        }
    }

    @Override
    public PagingOutcome outcome() {
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, writeBacks);
        return new PagingOutcome.Faults(faults, measures);
    }

    public int frames() {
        return frames;
    }
}
