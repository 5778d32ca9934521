package io.heaplab.paging.slru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;

/**
 * Segmented LRU in a fixed number of frames (Karedla, Love &amp; Wherry, IEEE Computer 1994).
 *
 * <p><b>The paper's design</b> (the default): two LRU segments, MRU at the head. A page that faults enters the
 * <i>probationary</i> segment at its MRU end; a hit in the probationary segment moves the page to the MRU end of
 * the <i>protected</i> segment, and when that holds more than {@code floor(frames * protected)} pages its LRU
 * page is demoted to the MRU end of the probationary segment; a hit in the protected segment moves the page to
 * its MRU end. A fault in full memory evicts the probationary segment's LRU page (the protected share is below
 * 1, so that segment is never empty then). The protected share defaults to 0.8, as in Caffeine's simulator
 * ({@code percent-protected = 0.80}); {@code protected=0} is plain LRU.
 *
 * <p><b>{@code variant=libcachesim}</b>, libCacheSim's {@code SLRU.c} (commit aa0fc40), which deviates: {@code n}
 * segments ({@code segments}, the peer's {@code n-seg}, default 4) of {@code frames / n} pages each, numbered 0
 * (lowest) to {@code n - 1}. A fault in full memory evicts the LRU page of the lowest non-empty segment, and the
 * new page then enters the lowest segment with room, not always segment 0: while memory fills, pages land in
 * the upper segments unreferenced. A hit in segment {@code i < n - 1} moves the page to the MRU end of segment
 * {@code i + 1}, and a segment over its size passes its LRU page down to the MRU end of the one below, and so
 * on; a hit in the top segment moves the page to its MRU end. The peer lets segment 0 overflow when the sizes
 * do not add up to the cache, so this variant asks for {@code frames} a multiple of {@code segments}.
 *
 * <p>Each reference of a run counts, as when a peer is fed the requests one by one: the second reference of a
 * run that faulted is a hit in the probationary segment and promotes the page. Only the first can fault.
 *
 * <p>Cost: O(1) per run (at most {@code segments} moves), no allocation: the segments are one
 * {@link PageLists}, intrusive over arrays indexed by page; frames, dirty bits and write-backs are a
 * {@link FrameTable}. A page is dirty from a run that writes it until it is evicted, which counts a write-back;
 * pages still dirty when the run ends are not counted.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class Slru implements PagingSimulator {

    static final byte PROBATIONARY = 0;
    static final byte PROTECTED = 1;

    private final FrameTable table;
    private final int frames;
    private final boolean peer;
    private final int segments;
    /** Per segment, the most pages it may hold; the paper's probationary segment is bounded by the rest only. */
    private final int[] max;
    private final PageLists lists;

    /** The paper's two segments, the protected one {@code floor(frames * protectedShare)} pages at most. */
    public Slru(int frames, double protectedShare) {
        this(frames, protectedShare, false, 2);
    }

    /** libCacheSim's {@code SLRU.c}: {@code segments} equal segments (see the class comment). */
    public static Slru libCacheSim(int frames, int segments) {
        return new Slru(frames, 0, true, segments);
    }

    private Slru(int frames, double protectedShare, boolean peer, int segments) {
        this.table = new FrameTable(frames);
        if (!(protectedShare >= 0 && protectedShare < 1)) {
            throw new IllegalArgumentException("protected: " + protectedShare + " (expected: 0 <= protected < 1)");
        }
        if (segments < 1 || segments > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("segments: " + segments + " (expected: 1 to " + Byte.MAX_VALUE + ")");
        }
        if (peer && frames % segments != 0) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: a multiple of segments "
                    + segments + " with variant=libcachesim)");
        }
        this.frames = frames;
        this.peer = peer;
        this.segments = segments;
        this.max = new int[segments];
        String[] names = new String[segments];
        for (int s = 0; s < segments; s++) {
            names[s] = peer ? "S" + s : s == 0 ? "probationary" : "protected";
            max[s] = frames / segments;
        }
        if (!peer) {
            max[PROTECTED] = (int) Math.floor(frames * protectedShare);
            max[PROBATIONARY] = frames;
        }
        this.lists = new PageLists(names);
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
            int hits = PageRun.count(run);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                hits--;
            }
            // the run's other references are hits on the page just referenced: after n the page is on top, the MRU
            for (int h = Math.min(hits, segments); h > 0; h--) {
                hit(page);
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    private void hit(int page) {
        int segment = lists.listOf(page);
        if (segment == segments - 1) {
            lists.moveToHead(segment, page);
            return;
        }
        lists.moveToHead(segment + 1, page);
        // a segment over its size passes its LRU page down to the MRU end of the one below
        for (int s = segment + 1; s > 0 && lists.size(s) > max[s]; s--) {
            lists.moveToHead(s - 1, lists.tail(s));
        }
    }

    private int fault(int page) {
        int frame;
        if (table.isFull()) {
            int victim = lists.tail(lowestNonEmpty());
            lists.remove(victim);
            frame = table.frameOf(victim);
            table.replace(frame, page);
        } else {
            frame = table.load(page);
        }
        int segment = PROBATIONARY;
        if (peer) {
            while (segment < segments - 1 && lists.size(segment) >= max[segment]) {
                segment++;
            }
        }
        lists.pushHead(segment, page);
        return frame;
    }

    private int lowestNonEmpty() {
        int s = 0;
        while (lists.size(s) == 0) {
            s++;
        }
        return s;
    }

    /** Forgets the counts; the segments and the dirty bits stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    /**
     * Checks the lists, the frames, and that the segments hold the resident pages within their sizes.
     */
    @Override
    public void finish() {
        table.check();
        lists.check();
        int listed = 0;
        for (int s = 0; s < segments; s++) {
            listed += lists.size(s);
            if (lists.size(s) > max[s]) {
                throw new IllegalStateException("segment " + s + " holds " + lists.size(s) + " pages, more than "
                        + max[s]);
            }
        }
        if (listed != table.loaded()) {
            throw new IllegalStateException(listed + " pages in the segments, " + table.loaded() + " in frames");
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

    /** The pages of {@code segment}, for tests. */
    int size(int segment) {
        return lists.size(segment);
    }

    /** The segment {@code page} is in, or {@link PageLists#NONE}, for tests. */
    int segmentOf(int page) {
        return page < lists.capacity() ? lists.listOf(page) : PageLists.NONE;
    }
}
