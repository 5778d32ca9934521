package io.heaplab.paging.arc;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
 * <p>A run of {@code k} references is {@code k} references: only the first can fault, and when {@code k >= 2}
 * the second is a hit (case I) that moves the page to {@code T2}; later ones keep it at the head. The result
 * thus does not depend on how consecutive references were grouped into runs.
 *
 * <p>The lists are intrusive: {@code prev}/{@code next}/{@code list} are arrays indexed by page (pages are dense
 * from 0), so ghosts cost no frame and no allocation, and memory is proportional to the pages referenced. A page
 * is dirty from a run that writes it until it leaves memory (from {@code T1} or {@code T2}, to a ghost list or
 * forgotten); evicting a dirty page counts one write-back. Pages still dirty when the run ends are not counted.
 *
 * <p>Measures: {@code writeBacks}; {@code target}, the final {@code p}.
 */
public final class Arc implements PagingSimulator {

    static final byte T1 = 0;
    static final byte T2 = 1;
    static final byte B1 = 2;
    static final byte B2 = 3;
    private static final byte NONE = -1;
    private static final int NIL = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int c;

    private int[] prev = new int[INITIAL_PAGES];
    private int[] next = new int[INITIAL_PAGES];
    private byte[] list = filled(new byte[INITIAL_PAGES], 0);
    private boolean[] dirty = new boolean[INITIAL_PAGES];
    /** Per list: its MRU page, its LRU page, its length. */
    private final int[] head = {NIL, NIL, NIL, NIL};
    private final int[] tail = {NIL, NIL, NIL, NIL};
    private final int[] size = new int[4];
    /** The target size of {@code T1}, between 0 and {@code c}. */
    private int p;

    private long faults;
    private long writeBacks;

    public Arc(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.c = frames;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= list.length) {
                grow(page);
            }
            reference(page);
            if (PageRun.count(run) > 1 && list[page] == T1) {
                // the run's second reference hits in T1 (case I)
                moveToHead(page, T2);
            }
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
        switch (list[page]) {
            case T1, T2 -> moveToHead(page, T2);
            case B1 -> {
                faults++;
                int delta = size[B1] >= size[B2] ? 1 : size[B2] / size[B1];
                p = Math.min(p + delta, c);
                replace(false);
                moveToHead(page, T2);
            }
            case B2 -> {
                faults++;
                int delta = size[B2] >= size[B1] ? 1 : size[B1] / size[B2];
                p = Math.max(p - delta, 0);
                replace(true);
                moveToHead(page, T2);
            }
            default -> {
                faults++;
                missEverywhere();
                pushHead(page, T1);
            }
        }
    }

    /** Case IV: makes room in the directory and in the cache for a page in no list. */
    private void missEverywhere() {
        if (size[T1] + size[B1] == c) {
            if (size[T1] < c) {
                forget(tail[B1]);
                replace(false);
            } else {
                int victim = tail[T1];
                evicted(victim);
                forget(victim);
            }
        } else if (size[T1] + size[T2] + size[B1] + size[B2] >= c) {
            if (size[T1] + size[T2] + size[B1] + size[B2] == 2 * c) {
                forget(tail[B2]);
            }
            replace(false);
        }
    }

    /** REPLACE: evicts the LRU page of T1 or of T2 to the head of its ghost list. */
    private void replace(boolean inB2) {
        int t1 = size[T1];
        int victim;
        byte ghost;
        if (t1 > 0 && (t1 > p || (inB2 && t1 == p))) {
            victim = tail[T1];
            ghost = B1;
        } else {
            victim = tail[T2];
            ghost = B2;
        }
        evicted(victim);
        moveToHead(victim, ghost);
    }

    /** Counts the write-back of a page leaving memory. */
    private void evicted(int page) {
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
    }

    private void forget(int page) {
        unlink(page);
        list[page] = NONE;
    }

    private void moveToHead(int page, byte to) {
        if (list[page] == to && head[to] == page) {
            return;
        }
        unlink(page);
        pushHead(page, to);
    }

    private void unlink(int page) {
        byte from = list[page];
        int before = prev[page];
        int after = next[page];
        if (before == NIL) {
            head[from] = after;
        } else {
            next[before] = after;
        }
        if (after == NIL) {
            tail[from] = before;
        } else {
            prev[after] = before;
        }
        size[from]--;
    }

    private void pushHead(int page, byte to) {
        int first = head[to];
        prev[page] = NIL;
        next[page] = first;
        if (first == NIL) {
            tail[to] = page;
        } else {
            prev[first] = page;
        }
        head[to] = page;
        list[page] = to;
        size[to]++;
    }

    private void grow(int page) {
        int old = list.length;
        int length = PageTables.grownLength(old, page);
        prev = Arrays.copyOf(prev, length);
        next = Arrays.copyOf(next, length);
        list = filled(Arrays.copyOf(list, length), old);
        dirty = Arrays.copyOf(dirty, length);
    }

    private static byte[] filled(byte[] table, int from) {
        Arrays.fill(table, from, table.length, NONE);
        return table;
    }

    /**
     * Checks the lists (linked both ways, each page in the list it says, lengths as counted) and the paper's
     * invariants: {@code |T1| + |T2| <= c}, {@code |T1| + |B1| <= c}, all four {@code <= 2c}, {@code 0 <= p <= c},
     * the ghosts empty until the cache is full and the cache full ever after; only a resident page is dirty.
     */
    @Override
    public void finish() {
        int listed = 0;
        for (byte l = T1; l <= B2; l++) {
            listed += check(l);
        }
        int resident = size[T1] + size[T2];
        int total = resident + size[B1] + size[B2];
        if (resident > c || size[T1] + size[B1] > c || total > 2 * c || p < 0 || p > c
                || (resident < c && size[B1] + size[B2] > 0) || (total >= c && resident != c)) {
            throw new IllegalStateException("ARC lists |T1| " + size[T1] + ", |T2| " + size[T2] + ", |B1| "
                    + size[B1] + ", |B2| " + size[B2] + ", p " + p + " break the invariants for c " + c);
        }
        int inLists = 0;
        for (int page = 0; page < list.length; page++) {
            inLists += list[page] == NONE ? 0 : 1;
            if (dirty[page] && list[page] != T1 && list[page] != T2) {
                throw new IllegalStateException("page " + page + " is dirty but not resident");
            }
        }
        if (inLists != listed) {
            throw new IllegalStateException(inLists + " pages say they are listed, the lists hold " + listed);
        }
    }

    private int check(byte l) {
        int count = 0;
        int before = NIL;
        for (int page = head[l]; page != NIL; page = next[page]) {
            if (list[page] != l || prev[page] != before || ++count > size[l]) {
                throw new IllegalStateException("ARC list " + l + " broken at page " + page);
            }
            before = page;
        }
        if (count != size[l] || before != tail[l]) {
            throw new IllegalStateException("ARC list " + l + " holds " + count + " pages, expected " + size[l]);
        }
        return count;
    }

    @Override
    public PagingOutcome outcome() {
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, writeBacks);
        measures.put("target", p);
        return new PagingOutcome.Faults(faults, measures);
    }

    public int frames() {
        return c;
    }

    /** Whether {@code page} is in memory now: in {@code T1} or {@code T2}. */
    public boolean isResident(int page) {
        return page >= 0 && page < list.length && (list[page] == T1 || list[page] == T2);
    }

    /** The length of list {@link #T1}, {@link #T2}, {@link #B1} or {@link #B2}. */
    int size(byte l) {
        return size[l];
    }

    int target() {
        return p;
    }
}
