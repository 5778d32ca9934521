package io.heaplab.paging.arc;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageLists;
import java.util.Arrays;
import java.util.Map;

/**
 * ARC, the adaptive replacement cache, in {@code c} frames (Megiddo &amp; Modha, FAST 2003), as in the paper's
 * pseudo-code (Fig. 4).
 *
 * <p>Four LRU lists, MRU at the head: {@code T1} (resident pages seen once recently), {@code T2} (resident pages
 * seen at least twice recently), and the ghosts {@code B1}, {@code B2}: pages recently evicted from {@code T1},
 * {@code T2}, remembered without a frame. The target {@code p} for the size of {@code T1} moves towards recency
 * on a hit in {@code B1} and towards frequency on a hit in {@code B2}. Per reference to {@code x}:
 * <ul>
 *   <li><b>I</b>, {@code x} in {@code T1} or {@code T2}: a hit; {@code x} goes to the head of {@code T2}.</li>
 *   <li><b>II</b>, {@code x} in {@code B1}: a fault; {@code p = min(p + d, c)} with {@code d = 1} if
 *       {@code |B1| >= |B2|}, else {@code |B2| / |B1|}; REPLACE; {@code x} goes to the head of {@code T2}.</li>
 *   <li><b>III</b>, {@code x} in {@code B2}: a fault; {@code p = max(p - d, 0)} with {@code d = 1} if
 *       {@code |B2| >= |B1|}, else {@code |B1| / |B2|}; REPLACE; {@code x} goes to the head of {@code T2}.</li>
 *   <li><b>IV</b>, {@code x} in no list: a fault. If {@code |T1| + |B1| = c}: when {@code |T1| < c} the LRU
 *       page of {@code B1} is forgotten and REPLACE runs, otherwise the LRU page of {@code T1} is evicted and
 *       forgotten. Else, if the four lists hold {@code c} pages or more, the LRU page of {@code B2} is forgotten
 *       when they hold {@code 2c}, and REPLACE runs. {@code x} goes to the head of {@code T1}.</li>
 * </ul>
 * REPLACE evicts the LRU page of {@code T1} to the head of {@code B1} if {@code T1} is not empty and either
 * {@code |T1| > p} or ({@code x} is in {@code B2} and {@code |T1| = p}); otherwise the LRU page of {@code T2} to
 * the head of {@code B2}. The tie case makes a {@code B2} hit, which has just lowered {@code p}, take from
 * {@code T1}.
 *
 * <p>Integer arithmetic: the paper's {@code |B2| / |B1|} and {@code |B1| / |B2|} are taken as integer quotients
 * (rounded down; each is at least 1 where it is used, since its numerator is the larger), as in the authors'
 * and Caffeine's implementations, so {@code p} stays a whole number of pages and the tie {@code |T1| = p} can
 * happen.
 *
 * <p><b>Correlated references.</b> A reference that comes within {@code correlation} references of the previous
 * reference to the same page is correlated with it (O'Neil, O'Neil &amp; Weikum's correlated reference period for
 * LRU-K; 2Q's Kin): it is a hit, and refreshes the page's recency in its list, but is not a second use, so it does
 * not move a page from {@code T1} to {@code T2}. The default, 1, makes a run of consecutive references to one page
 * one use: a program that walks the words of a block, or a node's fields, touches its page many times in a row,
 * and without the rule every page would enter {@code T2} on its first touch and ARC would be LRU. {@code
 * correlation=0} is the paper's ARC on a raw string: every reference counts, and a run's second reference moves
 * its page to {@code T2}. Only the first reference of a run can fault, so the result does not depend on how
 * consecutive references were grouped into runs.
 *
 * <p>The four lists are one {@link PageLists}, intrusive over arrays indexed by page (pages are dense from 0),
 * so ghosts cost no frame and no allocation, and memory is proportional to the pages referenced. A page
 * is dirty from a run that writes it until it leaves memory (from {@code T1} or {@code T2}, to a ghost list or
 * forgotten); evicting a dirty page counts one write-back. Pages still dirty when the run ends are not counted.
 *
 * <p>With libCacheSim's arithmetic (its ARC.c; {@code arc:variant=libcachesim}) the adaptation is the ratio of the
 * ghost lists as a real number and the target real, and REPLACE takes {@code T1}'s LRU page whenever {@code T2} is
 * empty: libCacheSim's miss counts, exactly, with {@code correlation=0}.
 *
 * <p>Measures: {@code writeBacks}; {@code target}, the final {@code p}.
 */
public final class Arc implements PagingSimulator {

    static final byte T1 = 0;
    static final byte T2 = 1;
    static final byte B1 = 2;
    static final byte B2 = 3;

    private final int c;
    private final long correlation;
    /** Virtual time: references so far. */
    private long now;
    /** Per page, the time of its last reference. */
    private long[] last;

    /** T1, T2, B1 and B2, MRU at the head. */
    private final PageLists lists = new PageLists("T1", "T2", "B1", "B2");
    /** Per page, as long as the lists' capacity, so its length bounds both. */
    private boolean[] dirty;
    /** The target size of {@code T1}, between 0 and {@code c}: whole under the paper's arithmetic. */
    private double p;
    /**
     * libCacheSim's arithmetic: the adaptation {@code d} is the ratio of the ghost lists as a real number (not its
     * whole part) and the target real too, and REPLACE takes {@code T1}'s LRU page whenever {@code T2} is empty.
     */
    private final boolean realTarget;

    private long faults;
    private long writeBacks;

    /** ARC with the default correlated reference period: a run of consecutive references is one use. */
    public Arc(int frames) {
        this(frames, 1);
    }

    /**
     * @param correlation references within this many of the previous one to the same page are correlated with it
     *                    (not a second use); 0 counts every reference
     */
    public Arc(int frames, long correlation) {
        this(frames, correlation, false);
    }

    /**
     * @param realTarget libCacheSim's arithmetic: a real target moved by the real ratio of the ghost lists, and
     *                   {@code T1} replaced when {@code T2} is empty
     */
    public Arc(int frames, long correlation, boolean realTarget) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        if (correlation < 0) {
            throw new IllegalArgumentException("correlation: " + correlation + " (expected: >= 0)");
        }
        this.c = frames;
        this.correlation = correlation;
        this.realTarget = realTarget;
        this.dirty = new boolean[lists.capacity()];
        this.last = new long[lists.capacity()];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= dirty.length) {
                grow(page);
            }
            int count = PageRun.count(run);
            byte list = lists.listOf(page);
            if ((list == T1 || list == T2) && now - last[page] <= correlation) {
                lists.moveToHead(list, page); // correlated: a hit that is not a second use
            } else {
                reference(page);
            }
            if (count > 1 && correlation == 0 && lists.listOf(page) == T1) {
                // every reference counts: the run's second reference hits in T1 (case I)
                lists.moveToHead(T2, page);
            }
            now += count;
            last[page] = now - 1;
            dirty[page] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the lists and the target stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    private void reference(int page) {
        switch (lists.listOf(page)) {
            case T1, T2 -> lists.moveToHead(T2, page);
            case B1 -> {
                faults++;
                p = Math.min(p + delta(lists.size(B2), lists.size(B1)), c);
                replace(false);
                lists.moveToHead(T2, page);
            }
            case B2 -> {
                faults++;
                p = Math.max(p - delta(lists.size(B1), lists.size(B2)), 0);
                replace(true);
                lists.moveToHead(T2, page);
            }
            default -> {
                faults++;
                missEverywhere();
                lists.pushHead(T1, page);
            }
        }
    }

    /** The adaptation: 1, or the ratio of the other ghost list to the one hit when it is larger. */
    private double delta(int other, int hit) {
        if (other <= hit) {
            return 1;
        }
        return realTarget ? (double) other / hit : other / hit;
    }

    /** Case IV: makes room in the directory and in the cache for a page in no list. */
    private void missEverywhere() {
        int t1 = lists.size(T1);
        int b1 = lists.size(B1);
        int total = t1 + lists.size(T2) + b1 + lists.size(B2);
        if (t1 + b1 == c) {
            if (t1 < c) {
                lists.remove(lists.tail(B1));
                replace(false);
            } else {
                int victim = lists.tail(T1);
                evicted(victim);
                lists.remove(victim);
            }
        } else if (total >= c) {
            if (total == 2 * c) {
                lists.remove(lists.tail(B2));
            }
            replace(false);
        }
    }

    /** REPLACE: evicts the LRU page of T1 or of T2 to the head of its ghost list. */
    private void replace(boolean inB2) {
        int t1 = lists.size(T1);
        int victim;
        byte ghost;
        if (t1 > 0 && (t1 > p || (inB2 && t1 == p)) || realTarget && lists.size(T2) == 0) {
            victim = lists.tail(T1);
            ghost = B1;
        } else {
            victim = lists.tail(T2);
            ghost = B2;
        }
        evicted(victim);
        lists.moveToHead(ghost, victim);
    }

    /** Counts the write-back of a page leaving memory. */
    private void evicted(int page) {
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
    }

    private void grow(int page) {
        lists.grow(page);
        dirty = Arrays.copyOf(dirty, lists.capacity());
        last = Arrays.copyOf(last, lists.capacity());
    }

    /**
     * Checks the lists (linked both ways, each page in the list it says, lengths as counted) and the paper's
     * invariants: {@code |T1| + |T2| <= c}, {@code |T1| + |B1| <= c}, all four {@code <= 2c}, {@code 0 <= p <= c},
     * the ghosts empty until the cache is full and the cache full ever after; only a resident page is dirty.
     */
    @Override
    public void finish() {
        lists.check();
        int t1 = lists.size(T1);
        int t2 = lists.size(T2);
        int b1 = lists.size(B1);
        int b2 = lists.size(B2);
        int resident = t1 + t2;
        int total = resident + b1 + b2;
        if (resident > c || t1 + b1 > c || total > 2 * c || p < 0 || p > c
                || (resident < c && b1 + b2 > 0) || (total >= c && resident != c)) {
            throw new IllegalStateException("ARC lists |T1| " + t1 + ", |T2| " + t2 + ", |B1| " + b1 + ", |B2| " + b2
                    + ", p " + p + " break the invariants for c " + c);
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
        return FixedMemoryOutcome.of(faults, writeBacks, Map.entry("target", realTarget ? (Number) p : (int) p));
    }

    public int frames() {
        return c;
    }

    /** Whether {@code page} is in memory now: in {@code T1} or {@code T2}. */
    public boolean isResident(int page) {
        return page >= 0 && page < dirty.length && (lists.listOf(page) == T1 || lists.listOf(page) == T2);
    }

    /** The length of list {@link #T1}, {@link #T2}, {@link #B1} or {@link #B2}. */
    int size(byte l) {
        return lists.size(l);
    }

    int target() {
        return (int) p;
    }
}
