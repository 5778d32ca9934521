package io.heaplab.paging.car;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageLists;
import java.util.Arrays;
import java.util.Map;

/**
 * CAR, Clock with Adaptive Replacement, in {@code c} frames (Bansal &amp; Modha, FAST 2004), in the order of the
 * paper's Figure 2.
 *
 * <p>Two clocks hold the resident pages, each page with a reference bit: {@code T1} (pages seen once recently)
 * and {@code T2} (pages seen at least twice); two LRU lists hold ghosts, pages recently evicted without a frame:
 * {@code B1} from {@code T1}, {@code B2} from {@code T2}. The target {@code p} for {@code |T1|} adapts as in ARC.
 * Per reference to {@code x}:
 * <ol>
 *   <li>{@code x} in {@code T1} or {@code T2}: a hit, which sets its bit and moves nothing.</li>
 *   <li>Otherwise a fault. If memory is full ({@code |T1| + |T2| = c}): first REPLACE; then the directory
 *       replacement, only for {@code x} in no ghost list: if {@code |T1| + |B1| = c} the LRU page of {@code B1}
 *       is forgotten, else if the four lists hold {@code 2c} pages the LRU page of {@code B2}.</li>
 *   <li>Then {@code x} in no list goes to the tail of {@code T1} with bit 0; {@code x} in {@code B1} sets
 *       {@code p = min(p + max(1, |B2| / |B1|), c)}, {@code x} in {@code B2} sets
 *       {@code p = max(p - max(1, |B1| / |B2|), 0)}, and either goes to the tail of {@code T2} with bit 0.</li>
 * </ol>
 * REPLACE turns the hands until a page is demoted: while {@code |T1| >= max(1, p)} it looks at {@code T1}'s head,
 * demoting it to the MRU end of {@code B1} if its bit is 0, else clearing the bit and moving it to {@code T2}'s
 * tail; otherwise at {@code T2}'s head, demoting it to {@code B2}'s MRU end if its bit is 0, else clearing the bit
 * and moving it to {@code T2}'s tail. As in the figure, the adaptation comes after REPLACE, so the ghost sizes in
 * the ratio include the page just demoted, and REPLACE runs with the target before the adaptation.
 *
 * <p><b>Integer arithmetic.</b> {@code |B2| / |B1|} and {@code |B1| / |B2|} are integer quotients (the divisor
 * holds {@code x}, so it is at least 1), as in heaplab's ARC (its {@code paper} variant) and the authors' ARC code:
 * {@code p} stays a whole number of pages, and the test {@code |T1| >= max(1, p)} compares whole numbers, so CAR
 * and {@code arc:correlation=0} move their targets by the same steps.
 *
 * <p><b>Runs.</b> A run of {@code k} references to one page is one reference followed by {@code k - 1} hits: the
 * page's bit is set after a hit, or after a fault whose run holds more than one reference. Only the first
 * reference of a run can fault, so the outcome does not depend on how references were grouped into runs. CAR has
 * no correlated reference period (the paper's CART adds a filter instead).
 *
 * <p><b>Structure.</b> A clock is a list whose head (the page the hand is on) is {@link PageLists}' tail, the
 * oldest, and whose tail, where pages enter, is {@code PageLists}' head; {@code B1} and {@code B2} are kept MRU
 * at the head. All four are one {@link PageLists}, intrusive over arrays indexed by page, so a reference allocates
 * nothing and a hit costs a lookup and a store; a fault is O(1) amortized, since each page the hand passes over
 * had its bit set by a hit. A page is dirty from a run that writes it until it is demoted to a ghost list;
 * demoting a dirty page counts one write-back, and pages still dirty when the run ends are not counted.
 *
 * <p>Measures: {@code writeBacks}; {@code target}, the final {@code p}.
 */
public final class Car implements PagingSimulator {

    static final byte T1 = 0;
    static final byte T2 = 1;
    static final byte B1 = 2;
    static final byte B2 = 3;

    private final int c;
    /** T1 and T2, newest (the clock's tail) at the head; B1 and B2, MRU at the head. */
    private final PageLists lists = new PageLists("T1", "T2", "B1", "B2");
    /** Per page: the reference bit of a resident page. */
    private boolean[] bit;
    /** Per page: whether a resident page was written since it was loaded. */
    private boolean[] dirty;
    /** The target size of {@code T1}, from 0 to {@code c}. */
    private int p;

    private long faults;
    private long writeBacks;

    public Car(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.c = frames;
        this.bit = new boolean[lists.capacity()];
        this.dirty = new boolean[lists.capacity()];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= bit.length) {
                grow(page);
            }
            byte list = lists.listOf(page);
            if (list == T1 || list == T2) {
                bit[page] = true;
            } else {
                fault(page, list);
                bit[page] = PageRun.count(run) > 1; // the rest of the run hits
            }
            dirty[page] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the clocks, the ghosts and the target stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    private void fault(int page, byte list) {
        faults++;
        boolean ghost = list == B1 || list == B2;
        if (lists.size(T1) + lists.size(T2) == c) {
            replace();
            if (!ghost) {
                int t1 = lists.size(T1);
                int b1 = lists.size(B1);
                if (t1 + b1 == c) {
                    lists.remove(lists.tail(B1));
                } else if (t1 + b1 + lists.size(T2) + lists.size(B2) == 2L * c) {
                    lists.remove(lists.tail(B2));
                }
            }
        }
        if (list == B1) {
            p = Math.min(p + Math.max(1, lists.size(B2) / lists.size(B1)), c);
            lists.moveToHead(T2, page);
        } else if (list == B2) {
            p = Math.max(p - Math.max(1, lists.size(B1) / lists.size(B2)), 0);
            lists.moveToHead(T2, page);
        } else {
            lists.pushHead(T1, page);
        }
    }

    /** Turns the hands until a page with its bit clear is demoted to a ghost list. */
    private void replace() {
        while (true) {
            if (lists.size(T1) >= Math.max(1, p)) {
                int head = lists.tail(T1);
                if (!bit[head]) {
                    demote(head, B1);
                    return;
                }
                bit[head] = false;
                lists.moveToHead(T2, head);
            } else {
                int head = lists.tail(T2);
                if (!bit[head]) {
                    demote(head, B2);
                    return;
                }
                bit[head] = false;
                lists.moveToHead(T2, head);
            }
        }
    }

    /** Evicts {@code page} to the MRU end of ghost list {@code ghost}, writing it back if dirty. */
    private void demote(int page, byte ghost) {
        if (dirty[page]) {
            writeBacks++;
            dirty[page] = false;
        }
        bit[page] = false;
        lists.moveToHead(ghost, page);
    }

    private void grow(int page) {
        lists.grow(page);
        bit = Arrays.copyOf(bit, lists.capacity());
        dirty = Arrays.copyOf(dirty, lists.capacity());
    }

    /**
     * Checks the lists and the paper's invariants: {@code |T1| + |T2| <= c}, {@code |T1| + |B1| <= c},
     * {@code |T2| + |B2| <= 2c}, all four {@code <= 2c}, {@code 0 <= p <= c}, the ghosts empty until memory is
     * full and memory full ever after; only a resident page is dirty or has its bit set.
     */
    @Override
    public void finish() {
        lists.check();
        int t1 = lists.size(T1);
        int t2 = lists.size(T2);
        int b1 = lists.size(B1);
        int b2 = lists.size(B2);
        int resident = t1 + t2;
        if (resident > c || t1 + b1 > c || t2 + b2 > 2L * c || resident + b1 + b2 > 2L * c || p < 0 || p > c
                || (resident < c && b1 + b2 > 0)) {
            throw new IllegalStateException("CAR lists |T1| " + t1 + ", |T2| " + t2 + ", |B1| " + b1 + ", |B2| " + b2
                    + ", p " + p + " break the invariants for c " + c);
        }
        for (int page = 0; page < bit.length; page++) {
            if ((dirty[page] || bit[page]) && !isResident(page)) {
                throw new IllegalStateException("page " + page + " is dirty or referenced but not resident");
            }
        }
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return FixedMemoryOutcome.of(faults, writeBacks, Map.entry("target", p));
    }

    public int frames() {
        return c;
    }

    /** Whether {@code page} is in memory now: in {@code T1} or {@code T2}. */
    public boolean isResident(int page) {
        return page >= 0 && page < bit.length && (lists.listOf(page) == T1 || lists.listOf(page) == T2);
    }

    int target() {
        return p;
    }

    /**
     * The lists, each oldest first (clock head, LRU), a page with its bit set marked {@code *}:
     * {@code T1[0 1*] T2[2] B1[3] B2[] p=1}.
     */
    String describe() {
        StringBuilder out = new StringBuilder();
        String[] names = {"T1", "T2", "B1", "B2"};
        for (byte l = 0; l < 4; l++) {
            out.append(names[l]).append('[');
            boolean first = true;
            for (int page = lists.tail(l); page != PageLists.NIL; page = lists.prev(page)) {
                out.append(first ? "" : " ").append(page).append(bit[page] ? "*" : "");
                first = false;
            }
            out.append("] ");
        }
        return out.append("p=").append(p).toString();
    }
}
