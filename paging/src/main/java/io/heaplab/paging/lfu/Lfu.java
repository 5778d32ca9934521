package io.heaplab.paging.lfu;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageTables;
import java.util.Arrays;

/**
 * LFU, least frequently used, in a fixed number of frames, on the O(1) frequency buckets of Shah, Mitra &amp;
 * Matani (2010).
 *
 * <p>A page's frequency counts its references while it is resident: a page loaded by a fault starts at 1 (the
 * faulting reference), each later reference adds 1, and a run of {@code k} references adds {@code k}, as when
 * a peer is fed the requests one by one. Eviction forgets the count: a page loaded again restarts at 1. A fault
 * in full memory evicts the page with the fewest references, and among those the least recently used.
 *
 * <p>libCacheSim's {@code LFU.c} (commit aa0fc40) says it breaks ties first in, first out, but it appends a page
 * to the tail of its new frequency's list at every reference, so the order within a frequency is the order of
 * the last references: least recently used, the same rule. There is no variant.
 *
 * <pre>
 *  buckets, lowest frequency first       pages of a bucket, least recently referenced first
 *  [f=1] &lt;-&gt; [f=3] &lt;-&gt; [f=7]            f=1: 9 &lt;-&gt; 4       f=3: 2       f=7: 5 &lt;-&gt; 0 &lt;-&gt; 8
 * </pre>
 *
 * Only non-empty buckets are linked, in increasing frequency; a page sits in its frequency's bucket, appended at
 * the tail when it enters it. The victim is the head page of the first bucket. A reference moves its page from
 * bucket {@code f} to {@code f + 1}, right after {@code f} or a new bucket there, and frees {@code f} if it
 * empties: O(1) per reference, no hash map. A run of {@code k > 1} references moves past the non-empty
 * frequencies between {@code f} and {@code f + k}, at most {@code min(k, frames)} buckets. Buckets are a pool of
 * {@code frames + 1} entries in arrays and pages are linked through arrays indexed by page: no allocation per
 * reference. The frames, dirty bits and write-backs are a {@link FrameTable}: evicting a page dirtied by a run
 * that wrote it counts a write-back; pages still dirty when the run ends are not counted.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class Lfu implements PagingSimulator {

    private static final int NIL = -1;
    private static final int INITIAL_PAGES = 1024;

    private final FrameTable table;
    private final int frames;

    /** Per page: its neighbours in its bucket and its bucket, valid while the page is resident. */
    private int[] nextPage = new int[INITIAL_PAGES];
    private int[] prevPage = new int[INITIAL_PAGES];
    private int[] bucketOf = new int[INITIAL_PAGES];

    /** Per bucket: its frequency, its pages' ends, its neighbours in the list of buckets. */
    private final long[] frequency;
    private final int[] first;
    private final int[] last;
    private final int[] nextBucket;
    private final int[] prevBucket;
    /** The bucket of the lowest frequency, or {@link #NIL}. */
    private int lowest = NIL;
    /** Unused buckets, a stack. */
    private final int[] free;
    private int freeTop;

    public Lfu(int frames) {
        this.table = new FrameTable(frames);
        this.frames = frames;
        int buckets = frames + 1; // each non-empty one holds a page, plus the one a page moves into
        this.frequency = new long[buckets];
        this.first = new int[buckets];
        this.last = new int[buckets];
        this.nextBucket = new int[buckets];
        this.prevBucket = new int[buckets];
        this.free = new int[buckets];
        for (int b = 0; b < buckets; b++) {
            free[b] = buckets - 1 - b;
        }
        this.freeTop = buckets;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (page >= bucketOf.length) {
                grow(page);
            }
            int count = PageRun.count(run);
            if (frame == FrameTable.MISSING) {
                frame = fault(page, count);
            } else {
                int from = bucketOf[page];
                unlinkPage(page);
                moveInto(page, from, frequency[from] + count);
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    private int fault(int page, int count) {
        int frame;
        if (table.isFull()) {
            int victim = first[lowest];
            unlinkPage(victim);
            if (first[lowest] == NIL) {
                freeBucket(lowest);
            }
            frame = table.frameOf(victim);
            table.replace(frame, page);
        } else {
            frame = table.load(page);
        }
        moveInto(page, NIL, count);
        return frame;
    }

    /**
     * Appends {@code page}, on no bucket, to the bucket of frequency {@code target}, looking for it after bucket
     * {@code from} (or from the lowest when {@link #NIL}); frees {@code from} if it is empty.
     */
    private void moveInto(int page, int from, long target) {
        int before = from;
        int after = from == NIL ? lowest : nextBucket[from];
        while (after != NIL && frequency[after] < target) {
            before = after;
            after = nextBucket[after];
        }
        int into;
        if (after != NIL && frequency[after] == target) {
            into = after;
        } else {
            into = free[--freeTop];
            frequency[into] = target;
            first[into] = NIL;
            last[into] = NIL;
            prevBucket[into] = before;
            nextBucket[into] = after;
            if (before == NIL) {
                lowest = into;
            } else {
                nextBucket[before] = into;
            }
            if (after != NIL) {
                prevBucket[after] = into;
            }
        }
        int tail = last[into];
        prevPage[page] = tail;
        nextPage[page] = NIL;
        if (tail == NIL) {
            first[into] = page;
        } else {
            nextPage[tail] = page;
        }
        last[into] = page;
        bucketOf[page] = into;
        if (from != NIL && first[from] == NIL) {
            freeBucket(from);
        }
    }

    /** Takes {@code page} out of its bucket, which stays linked even when empty: the caller frees it. */
    private void unlinkPage(int page) {
        int b = bucketOf[page];
        int before = prevPage[page];
        int after = nextPage[page];
        if (before == NIL) {
            first[b] = after;
        } else {
            nextPage[before] = after;
        }
        if (after == NIL) {
            last[b] = before;
        } else {
            prevPage[after] = before;
        }
        bucketOf[page] = NIL;
    }

    private void freeBucket(int b) {
        int before = prevBucket[b];
        int after = nextBucket[b];
        if (before == NIL) {
            lowest = after;
        } else {
            nextBucket[before] = after;
        }
        if (after != NIL) {
            prevBucket[after] = before;
        }
        free[freeTop++] = b;
    }

    private void grow(int page) {
        int length = PageTables.grownLength(bucketOf.length, page);
        nextPage = Arrays.copyOf(nextPage, length);
        prevPage = Arrays.copyOf(prevPage, length);
        bucketOf = Arrays.copyOf(bucketOf, length);
    }

    /** Forgets the counts; the pages, their frequencies and dirty bits stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    /**
     * Checks the frames, and that the buckets are linked both ways in increasing frequency, none empty, and
     * hold exactly the resident pages, each in the bucket it names.
     */
    @Override
    public void finish() {
        table.check();
        int pages = 0;
        int buckets = 0;
        long previous = 0;
        int before = NIL;
        for (int b = lowest; b != NIL; b = nextBucket[b]) {
            buckets++;
            if (prevBucket[b] != before || frequency[b] <= previous || first[b] == NIL) {
                throw new IllegalStateException("bucket " + b + " of frequency " + frequency[b] + " out of order");
            }
            int p = NIL;
            for (int page = first[b]; page != NIL; page = nextPage[page]) {
                pages++;
                if (bucketOf[page] != b || prevPage[page] != p || table.frameOf(page) == FrameTable.MISSING) {
                    throw new IllegalStateException("page " + page + " misplaced in bucket " + b);
                }
                p = page;
            }
            if (last[b] != p) {
                throw new IllegalStateException("bucket " + b + " ends at " + last[b] + ", not " + p);
            }
            previous = frequency[b];
            before = b;
        }
        if (pages != table.loaded() || buckets + freeTop != frequency.length) {
            throw new IllegalStateException(pages + " pages in " + buckets + " buckets, " + table.loaded()
                    + " resident, " + freeTop + " buckets free of " + frequency.length);
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

    /** The frequency of a resident {@code page}, or 0, for tests. */
    long frequencyOf(int page) {
        return page < bucketOf.length && table.frameOf(page) != FrameTable.MISSING ? frequency[bucketOf[page]] : 0;
    }
}
