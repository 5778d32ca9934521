package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageLists;
import java.util.Arrays;

/**
 * Strict LRU replacement in a fixed number of frames: the top of the LRU stack of Mattson et al. (1970).
 *
 * <p>Pages of one heap are dense from 0, so the recency list, most recent at the head, is intrusive (a
 * {@link PageLists} of one list, over arrays indexed by page), and a reference costs O(1) with no hash lookup and
 * no allocation; a page is resident while it is on the list. Only the first reference of a run can fault; the rest
 * of the run hits the page it just made most recent.
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back (measure {@code writeBacks}). Pages still dirty when the run ends are not counted.
 */
public final class ExactLru implements PagingSimulator {

    private static final int RECENCY = 0;

    private final int frames;

    /** The resident pages, most recently used at the head, the next victim at the tail. */
    private final PageLists stack = new PageLists("LRU");
    /** Per page, as long as the list's capacity, so its length bounds both. */
    private boolean[] dirty;
    private long faults;
    private long writeBacks;

    public ExactLru(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.dirty = new boolean[stack.capacity()];
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
        if (page < 0 || page >= dirty.length) {
            grow(page);
        }
        if (stack.listOf(page) == RECENCY) {
            stack.moveToHead(RECENCY, page);
            return;
        }
        faults++;
        if (stack.size(RECENCY) == frames) {
            int victim = stack.tail(RECENCY);
            stack.remove(victim);
            if (dirty[victim]) {
                writeBacks++;
                dirty[victim] = false;
            }
        }
        stack.pushHead(RECENCY, page);
    }

    private void grow(int page) {
        stack.grow(page);
        dirty = Arrays.copyOf(dirty, stack.capacity());
    }

    /** Whether {@code page} is in memory now. */
    public boolean isResident(int page) {
        return page >= 0 && page < dirty.length && stack.listOf(page) == RECENCY;
    }

    /**
     * Checks the list (linked both ways, holding exactly the pages that say they are on it) and that it holds no
     * more than the frames; only a resident page may be dirty.
     */
    @Override
    public void finish() {
        stack.check();
        if (stack.size(RECENCY) > frames) {
            throw new IllegalStateException("LRU list holds " + stack.size(RECENCY) + " pages in " + frames
                    + " frames");
        }
        for (int page = 0; page < dirty.length; page++) {
            if (dirty[page] && !isResident(page)) {
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
}
