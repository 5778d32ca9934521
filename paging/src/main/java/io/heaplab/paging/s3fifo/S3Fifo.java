package io.heaplab.paging.s3fifo;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.util.Arrays;

/**
 * S3-FIFO in a fixed number of frames (Yang et al., "FIFO queues are all you need for cache eviction", SOSP 2023),
 * after the paper's Algorithm 1, or after libCacheSim's {@code S3FIFO.c} (commit aa0fc40) with
 * {@code variant=libcachesim}.
 *
 * <p>Three FIFO queues, newest at the head: {@code S}, the small queue, where a new page starts; {@code M}, the main
 * queue; {@code G}, a ghost queue of pages evicted from {@code S}, ids only, without a frame. Each resident page has
 * a frequency from 0 to 3: a hit adds one (capped at 3), loading sets it to 0. A page that faults while in
 * {@code G} leaves it and is loaded to the head of {@code M}; any other goes to the head of {@code S}. When memory
 * is full, evictions run until a frame is free:
 * <ul>
 *   <li><b>from S:</b> its tail page moves to the head of {@code M} with frequency 0 if its frequency is above 1
 *       (two hits or more), and the scan goes on; otherwise it is evicted and its id pushed at the head of
 *       {@code G}, whose tail is forgotten beyond {@code G}'s capacity; one page evicted ends it (or {@code S}
 *       emptied);</li>
 *   <li><b>from M:</b> its tail page, if its frequency is above 0, moves to the head with the frequency less one,
 *       and the scan goes on; the first with frequency 0 is evicted.</li>
 * </ul>
 * {@code S}'s share is {@code s} frames, {@code M}'s {@code m = frames - s}.
 *
 * <p><b>paper</b> (default): {@code s = ceil(small * frames)}, at least 1, since the paper evicts from {@code S}
 * while {@code |S| >= 0.1 * cache size}; evict from {@code S} when {@code |S| >= s}, else from {@code M}. A page
 * moved from {@code S} to {@code M} that takes {@code M} beyond {@code m} makes {@code M} evict at once (the paper's
 * "if M is full then evictM"), and the scan of {@code S} still goes on to evict one page of its own: such a fault
 * frees two frames, and the next fault finds one free. {@code G} holds {@code m} ids, as many as {@code M}. A
 * faulting page is looked up in {@code G} after the evictions, as in the paper's INSERT, so the ids they push may
 * push it out first.
 *
 * <p><b>libcachesim</b>: {@code s = floor(small * frames)} (the peer's {@code fifo-size-ratio}), at least 1; evict
 * from {@code M} when {@code |M| > m} or {@code S} is empty, else from {@code S}; a move from {@code S} to
 * {@code M} never evicts at once: {@code M} may exceed {@code m} until the next fault, so each fault evicts exactly
 * one page. {@code G} holds {@code floor(0.9 * frames)} ids whatever {@code small} is (the peer's default
 * {@code ghost-size-ratio}). The faulting page is taken off {@code G} before the evictions. Not modelled: the
 * peer admits a new object only when its small queue holds more than one (so below 20 objects at 10% it caches
 * only ghost hits); a referenced page must be in a frame here, so it is always admitted.
 *
 * <p><b>caffeine</b>: the paper's rules with the queue sizes of Caffeine's simulator ({@code two-queue.S3Fifo},
 * commit ccef955): {@code s = floor(small * frames)}, at least 1, and {@code G} of {@code floor(0.9 * frames)} ids
 * (its {@code percent-ghost}); where the frames are at most 10 or a multiple of 10 these are the paper's sizes.
 *
 * <p>Common to all three: the promotion threshold (frequency above 1, libCacheSim's {@code move-to-main-threshold=2}),
 * the frequency cleared by the move to {@code M}, and {@code M}'s reinsertion of a page with its frequency (capped
 * at 3) less one. libCacheSim leaves frequencies uncapped in {@code S} and caps them on reinsertion into {@code M};
 * with the threshold at 2 and the reset on promotion, the faults are the same.
 *
 * <p><b>Runs.</b> A run of {@code k} references is one reference and {@code k - 1} hits: a fault leaves the
 * frequency at {@code min(k - 1, 3)}, a hit adds {@code k}, capped at 3.
 *
 * <p><b>Cost.</b> A hit costs a page-table lookup and a store. A fault is O(1) amortized: each page moved from
 * {@code S} to {@code M} or reinserted in {@code M} pays with a hit (a move clears its frequency, a reinsertion
 * lowers it), so the scans take at most one step per hit plus a constant per fault. The three queues are one
 * intrusive {@link PageLists} and the frequencies a {@code byte} per page id seen (ghosts cost no frame and no
 * allocation); the frames, the page table, the dirty bits and the counts are a {@link FrameTable}, and a free frame
 * left by the paper's double eviction waits on a small stack. A page is dirty from a run that writes it until it
 * leaves memory; evicting a dirty page counts one write-back, and pages still dirty when the run ends are not
 * counted.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class S3Fifo implements PagingSimulator {

    /** Which description of S3-FIFO (Yang et al., SOSP 2023) to follow: the paper's Algorithm 1 or libCacheSim's. */
    public enum Variant {
        PAPER("paper"), LIBCACHESIM("libcachesim"), CAFFEINE("caffeine");

        private final String word;

        Variant(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        /** The variant spelled {@code word}. */
        public static Variant of(String word) {
            for (Variant v : values()) {
                if (v.word.equals(word)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("variant: " + word + " (expected: paper, libcachesim or caffeine)");
        }
    }

    static final byte S = 0;
    static final byte M = 1;
    static final byte G = 2;
    private static final int MAX_FREQ = 3;

    private final FrameTable table;
    private final int frames;
    private final boolean peer;
    private final int smallShare;
    private final int mainShare;
    private final int ghostCapacity;

    private final PageLists lists = new PageLists("S", "M", "G");
    /** Per page, as long as the lists' capacity: its frequency while resident. */
    private byte[] freq = new byte[lists.capacity()];
    /** Frames vacated and not refilled, a stack. */
    private final int[] free;
    private int freeCount;

    /** {@code small} is {@code S}'s share of the frames, from 0 to 1. */
    public S3Fifo(int frames, double small, Variant variant) {
        this.table = new FrameTable(frames);
        if (!(small >= 0 && small <= 1)) {
            throw new IllegalArgumentException("small: " + small + " (expected: 0 to 1)");
        }
        this.frames = frames;
        this.peer = variant == Variant.LIBCACHESIM;
        double share = frames * small;
        // the peers truncate, as a cast does; the paper compares |S| with the real share (70 * 0.1 = 7.000000000000001)
        boolean truncated = variant != Variant.PAPER;
        this.smallShare = Math.max(1, (int) (truncated ? share : Math.ceil(share - 1e-9)));
        this.mainShare = frames - smallShare;
        this.ghostCapacity = truncated ? (int) (frames * 0.9) : mainShare;
        this.free = new int[frames];
    }

    /** The paper's S3-FIFO with {@code S} at 10%. */
    public S3Fifo(int frames) {
        this(frames, 0.1, Variant.PAPER);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int count = PageRun.count(run);
            int frame = table.frameOf(page);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                freq[page] = (byte) Math.min(count - 1, MAX_FREQ);
            } else {
                freq[page] = (byte) Math.min(freq[page] + Math.min(count, MAX_FREQ), MAX_FREQ); // no overflow
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Forgets the counts; the queues, the frequencies and the free frames stay as they are. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    private int fault(int page) {
        if (page >= lists.capacity()) {
            lists.grow(page);
            freq = Arrays.copyOf(freq, lists.capacity());
        }
        boolean ghost = peer && forget(page);
        while (table.loaded() - freeCount == frames) {
            evict();
        }
        if (!peer) {
            ghost = forget(page);
        }
        int frame;
        if (freeCount > 0) {
            frame = free[--freeCount];
            table.refill(frame, page);
        } else {
            frame = table.load(page);
        }
        lists.pushHead(ghost ? M : S, page);
        return frame;
    }

    /** Takes {@code page} off {@code G}; whether it was there. */
    private boolean forget(int page) {
        if (lists.listOf(page) != G) {
            return false;
        }
        lists.remove(page);
        return true;
    }

    private void evict() {
        boolean fromSmall = peer ? lists.size(M) <= mainShare && lists.size(S) > 0 : lists.size(S) >= smallShare;
        if (fromSmall) {
            evictSmall();
        } else {
            evictMain();
        }
    }

    private void evictSmall() {
        while (lists.size(S) > 0) {
            int tail = lists.tail(S);
            if (freq[tail] > 1) {
                lists.moveToHead(M, tail);
                freq[tail] = 0;
                if (!peer && lists.size(M) > mainShare) {
                    evictMain();
                }
            } else {
                release(tail);
                lists.pushHead(G, tail);
                if (lists.size(G) > ghostCapacity) {
                    lists.remove(lists.tail(G));
                }
                return;
            }
        }
    }

    private void evictMain() {
        while (true) {
            int tail = lists.tail(M);
            if (freq[tail] > 0) {
                lists.moveToHead(M, tail);
                freq[tail]--;
            } else {
                release(tail);
                lists.remove(tail);
                return;
            }
        }
    }

    /** Evicts resident {@code page} from its frame, which joins the free ones; its queue is the caller's. */
    private void release(int page) {
        int frame = table.frameOf(page);
        table.vacate(frame);
        free[freeCount++] = frame;
        if (lists.listOf(page) == S) {
            lists.remove(page);
        }
    }

    /** Checks the page table, the queues, and that {@code S} and {@code M} hold exactly the resident pages. */
    @Override
    public void finish() {
        table.check();
        lists.check();
        int resident = table.loaded() - freeCount;
        if (lists.size(S) + lists.size(M) != resident || lists.size(G) > ghostCapacity) {
            throw new IllegalStateException("S " + lists.size(S) + " + M " + lists.size(M) + " pages for " + resident
                    + " resident; G " + lists.size(G) + " of " + ghostCapacity);
        }
        for (byte list = S; list <= G; list++) {
            for (int page = lists.head(list); page != PageLists.NIL; page = lists.next(page)) {
                if ((table.frameOf(page) == FrameTable.MISSING) != (list == G)) {
                    throw new IllegalStateException("page " + page + " on list " + list + " resident: "
                            + (list != G));
                }
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

    /** The frames {@code S} may hold before it evicts; {@code M}'s share is the rest. */
    public int smallShare() {
        return smallShare;
    }

    /** The queues oldest first, each page with its frequency: {@code S[3:0 4:1] M[0:2] G[1 2]}. */
    String describe() {
        StringBuilder out = new StringBuilder();
        for (byte list = S; list <= G; list++) {
            out.append(list == S ? "S[" : list == M ? "] M[" : "] G[");
            for (int page = lists.tail(list); page != PageLists.NIL; page = lists.prev(page)) {
                out.append(page == lists.tail(list) ? "" : " ").append(page).append(list == G ? "" : ":" + freq[page]);
            }
        }
        return out.append(']').toString();
    }

    /** How many ids {@code G} remembers. */
    public int ghostCapacity() {
        return ghostCapacity;
    }
}
