package io.heaplab.paging.twoq;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;

/**
 * Full 2Q in a fixed number of frames (Johnson &amp; Shasha, VLDB 1994).
 *
 * <p>Three lists, newest at the head: {@code A1in}, a FIFO of resident pages loaded recently; {@code A1out}, a
 * FIFO of the ids of pages evicted from {@code A1in}, remembered without a frame; {@code Am}, an LRU of resident
 * pages referenced again after leaving {@code A1in}. With {@code Kin = floor(frames * kin)} and
 * {@code Kout = floor(frames * kout)}, per reference to {@code x}:
 * <ul>
 *   <li>{@code x} in {@code Am}: a hit; {@code x} moves to the head of {@code Am}.</li>
 *   <li>{@code x} in {@code A1in}: a hit; nothing moves (a burst of correlated references is one use).</li>
 *   <li>{@code x} in {@code A1out}: a fault; its id leaves {@code A1out}, RECLAIM makes room, {@code x} goes to
 *       the head of {@code Am}.</li>
 *   <li>otherwise: a fault; RECLAIM, {@code x} goes to the head of {@code A1in}.</li>
 * </ul>
 * RECLAIM takes a free frame if there is one; else if {@code |A1in| > Kin} it evicts the tail of {@code A1in}
 * and puts its id at the head of {@code A1out}, forgetting {@code A1out}'s tail when it then holds more than
 * {@code Kout}; else it evicts the LRU page of {@code Am}, forgetting it. (The paper leaves open whether a ghost
 * hit's id leaves {@code A1out} before or after RECLAIM; it leaves first here, as in Caffeine and libCacheSim.
 * When {@code Am} is empty, which only {@code kin = 1} allows, RECLAIM takes from {@code A1in}.) Defaults:
 * {@code kin = 0.25}, {@code kout = 0.5}, the paper's recommendation.
 *
 * <p>libCacheSim's {@code TwoQ.c} (commit aa0fc40) runs the same algorithm and gives the same faults (the same
 * rounding down of {@code Kin} and {@code Kout}, the ghost's id dropped before RECLAIM), so there is no variant.
 * Its {@code Am} is a cache of its own, capped at {@code frames - Kin} pages, but with {@code kin} below 1 that
 * cap never binds: nothing is evicted before memory fills, so {@code Am} is empty and
 * {@code |A1in| = frames > Kin} then; afterwards every fault replaces one page and {@code A1in} only shrinks by
 * RECLAIM while it is over {@code Kin}, so {@code |A1in| >= Kin} and {@code |Am| <= frames - Kin} ever after
 * ({@link #finish()} checks it). The two differ only when {@code Kin} is 0 (fewer than 4 frames at the default):
 * the peer then caches nothing, every reference a miss, where this 2Q still caches.
 *
 * <p>A run is its first reference, since the later ones hit the page just referenced and change nothing.
 *
 * <p>Cost: O(1) per run, no allocation: the three lists are one {@link PageLists}, intrusive over arrays
 * indexed by page, so ghosts cost no frame. The frames, dirty bits and write-backs are a {@link FrameTable}:
 * evicting a page dirtied by a run that wrote it counts a write-back; pages still dirty when the run ends are
 * not counted.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class TwoQ implements PagingSimulator {

    static final byte A1IN = 0;
    static final byte AM = 1;
    static final byte A1OUT = 2;

    private final FrameTable table;
    private final int frames;
    private final int kin;
    private final int kout;
    private final PageLists lists = new PageLists("A1in", "Am", "A1out");

    /** The paper's 2Q, {@code A1in} over {@code floor(frames * kin)}, {@code A1out} {@code floor(frames * kout)}. */
    public TwoQ(int frames, double kin, double kout) {
        this.table = new FrameTable(frames);
        if (!(kin >= 0 && kin <= 1)) {
            throw new IllegalArgumentException("kin: " + kin + " (expected: 0 <= kin <= 1)");
        }
        if (!(kout >= 0)) {
            throw new IllegalArgumentException("kout: " + kout + " (expected: >= 0)");
        }
        this.frames = frames;
        this.kin = (int) Math.floor(frames * kin);
        this.kout = (int) Math.min(Integer.MAX_VALUE, Math.floor(frames * kout));
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (page >= lists.capacity()) {
                lists.grow(page);
            }
            byte list = lists.listOf(page);
            if (frame != FrameTable.MISSING) {
                if (list == AM) {
                    lists.moveToHead(AM, page);
                }
            } else if (list == A1OUT) {
                lists.remove(page);
                frame = reclaimFor(page);
                lists.pushHead(AM, page);
            } else {
                frame = reclaimFor(page);
                lists.pushHead(A1IN, page);
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Loads {@code page} into a free frame or one RECLAIM frees, which it returns. */
    private int reclaimFor(int page) {
        int victim;
        if (table.isFull()) {
            if (lists.size(A1IN) > kin || lists.size(AM) == 0) {
                victim = lists.tail(A1IN);
                remember(victim);
            } else {
                victim = lists.tail(AM);
                lists.remove(victim);
            }
        } else {
            return table.load(page);
        }
        int frame = table.frameOf(victim);
        table.replace(frame, page);
        return frame;
    }

    /** Moves {@code page} from {@code A1in} to the head of {@code A1out}, which keeps {@code Kout} ids at most. */
    private void remember(int page) {
        if (kout == 0) {
            lists.remove(page);
            return;
        }
        lists.moveToHead(A1OUT, page);
        if (lists.size(A1OUT) > kout) {
            lists.remove(lists.tail(A1OUT));
        }
    }

    /** Forgets the counts; the lists and the dirty bits stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    /**
     * Checks the lists and the frames: {@code A1in} and {@code Am} hold the resident pages, {@code A1out} at most
     * {@code Kout} ids of pages not resident, and once memory is full {@code |A1in| >= Kin} (when {@code Kin} is
     * below the frames), so {@code Am} keeps within libCacheSim's cap.
     */
    @Override
    public void finish() {
        table.check();
        lists.check();
        if (lists.size(A1IN) + lists.size(AM) != table.loaded() || lists.size(A1OUT) > kout
                || (table.isFull() && kin < frames && lists.size(A1IN) < kin)) {
            throw new IllegalStateException("2Q lists |A1in| " + lists.size(A1IN) + ", |Am| " + lists.size(AM)
                    + ", |A1out| " + lists.size(A1OUT) + " break the bounds for " + table.loaded() + " pages in "
                    + frames + " frames, Kout " + kout);
        }
        for (int page = lists.head(A1OUT); page != PageLists.NIL; page = lists.next(page)) {
            if (table.frameOf(page) != FrameTable.MISSING) {
                throw new IllegalStateException("page " + page + " is in A1out and resident");
            }
        }
    }

    @Override
    public long faultsSoFar() {
        return table.faults();
    }

    @Override
    public PagingOutcome outcome() {
        return table.outcome();
    }

    public int frames() {
        return frames;
    }

    /** The length of list {@link #A1IN}, {@link #AM} or {@link #A1OUT}, for tests. */
    int size(byte list) {
        return lists.size(list);
    }

    /** The list {@code page} is on, or {@link PageLists#NONE}, for tests. */
    byte listOf(int page) {
        return page < lists.capacity() ? lists.listOf(page) : PageLists.NONE;
    }
}
