package io.heaplab.paging.lirs;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.util.Arrays;

/**
 * LIRS in a fixed number of frames (Jiang &amp; Zhang, SIGMETRICS 2002).
 *
 * <p>A page is LIR (low inter-reference recency) or HIR. {@code Lhirs = max(1, floor(frames * hir))} frames are
 * for resident HIR pages, {@code Llirs = frames - Lhirs} for LIR pages, which are always resident. The stack
 * {@code S}, newest on top, holds the LIR pages and the HIR pages referenced since the oldest LIR page, resident
 * or not; the queue {@code Q} holds the resident HIR pages in FIFO order. <em>Pruning</em> removes HIR entries
 * from the bottom of {@code S} until an LIR page is there, so the bottom of {@code S} is its oldest LIR page.
 * Per reference to {@code x}:
 * <ul>
 *   <li>{@code x} LIR: a hit; {@code x} moves to the top of {@code S}; prune.</li>
 *   <li>{@code x} resident HIR in {@code S}: a hit; {@code x} becomes LIR at the top of {@code S} and leaves
 *       {@code Q}; the LIR page at the bottom of {@code S} becomes HIR, leaves {@code S} for the end of
 *       {@code Q}; prune.</li>
 *   <li>{@code x} resident HIR not in {@code S}: a hit; {@code x} goes to the top of {@code S} and to the end of
 *       {@code Q}.</li>
 *   <li>otherwise a fault: when memory is full the page at the front of {@code Q} is evicted (it stays in
 *       {@code S} as a non-resident HIR entry if it is there). While fewer than {@code Llirs} pages are LIR (only
 *       while memory fills), {@code x} becomes LIR at the top of {@code S}. Else if {@code x} is a non-resident
 *       entry of {@code S} it becomes LIR at the top, the bottom LIR page is demoted to the end of {@code Q} and
 *       {@code S} is pruned; else {@code x} becomes a resident HIR page at the top of {@code S} and the end of
 *       {@code Q}.</li>
 * </ul>
 * The paper leaves {@code S} unbounded; {@code stack = m > 0} keeps at most {@code ceil(m * frames)} non-resident
 * entries in it, forgetting after each reference those that became non-resident first. {@code hir} defaults to
 * 0.01, the paper's 1%. With one frame {@code Llirs} is 0 and a promoted page is demoted at once: the policy is
 * then a FIFO of one page, as it must be.
 *
 * <p>{@code variant=libcachesim} follows libCacheSim's {@code LIRS.c} (commit aa0fc40), which gives the same faults
 * as the paper while no hit lands in {@code Q} only, and differs in three ways:
 * <ol>
 *   <li>a hit on a resident HIR page not in {@code S} first demotes LIR pages to {@code Q} while the LIR set is
 *       full, and each such demotion into a full {@code Q} evicts {@code Q}'s front: a hit that frees a frame;</li>
 *   <li>so the LIR set can be short of {@code Llirs} after memory has filled, and then, as while filling, a
 *       fault on a page in no list makes it LIR without evicting, and a fault on a non-resident entry of {@code S}
 *       makes it LIR without demoting any;</li>
 *   <li>after every reference, while {@code S} holds more than {@code 2 * frames} entries, the non-resident entry
 *       that became non-resident first is forgotten ({@code stack} must be 0).</li>
 * </ol>
 * And one quirk: when that demotion evicts the hit page itself (the only page in {@code Q}, as always when
 * {@code Lhirs = 1}), the peer still puts it on {@code S} flagged resident, holding no frame; a later reference
 * to it before pruning drops it is a hit that makes it LIR and takes a frame without a fault. The variant keeps
 * such pages as "phantoms" and counts their loads out of the faults, to give the peer's counts exactly.
 * Its {@code hirs_ratio} is fixed at 0.01 with the same rounding; here {@code hir} sets it. The variant needs
 * {@code Llirs >= 2} (3 frames at the default), below which the peer demotes HIR entries as if they were LIR.
 *
 * <p>{@code variant=caffeine} is the paper's rules as Caffeine's simulator ({@code irr.Lirs}, commit ccef955) applies
 * them, with three differences: {@code Llirs = (int) (frames * (1 - hir))} (its {@code percent-hot}, 0.99), so
 * {@code Lhirs} rounds up where the paper's rounds down; at most {@code (int) (frames * stack)} non-resident entries,
 * {@code stack} 2 by default (its {@code non-resident-multiplier}); and a resident HIR page referenced while it is
 * on top of {@code S} (a repeated reference) stays HIR and only moves to the end of {@code Q}.
 *
 * <p>A run of {@code k} references is {@code k} references: the second makes a resident HIR page LIR, and the
 * loop stops as soon as the page is LIR on top of a pruned {@code S}, where more references change nothing.
 *
 * <p>Cost: O(1) amortized per reference, no allocation: {@code S}, {@code Q} and the non-resident entries
 * ({@code NR}, in the order they left memory, for the bound) are three {@link PageLists}, intrusive over arrays
 * indexed by page; the LIR flag is a {@code boolean[]}. The frames, dirty bits and write-backs are a
 * {@link FrameTable}; a frame evicted before its new page is known is {@link FrameTable#vacate}d and
 * {@link FrameTable#refill}ed.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class Lirs implements PagingSimulator {

    private static final byte LIST = 0;

    private final FrameTable table;
    private final int frames;
    private final int hirLimit;
    private final int lirLimit;
    private final boolean peer;
    /** Caffeine's rule: a resident HIR page referenced on top of S stays HIR. */
    private final boolean caffeine;
    /** The most non-resident entries of S (paper), or the most entries of S (peer). */
    private final long bound;
    /**
     * Whether {@code NR} is kept: only a bound reads it, so an unbounded {@code S} (the paper's) skips its upkeep,
     * two or three cache misses per entry pruned when the pages are many.
     */
    private final boolean trackNr;

    private final PageLists s = new PageLists("S");
    private final PageLists q = new PageLists("Q");
    private final PageLists nr = new PageLists("NR");
    private boolean[] lir = new boolean[s.capacity()];
    /** Peer only: HIR entries of S it counts as resident though they hold no frame (see the class comment). */
    private boolean[] phantom;
    private long phantomLoads;
    private final int[] vacated;
    private int vacancies;
    private int lirCount;

    /** The paper's LIRS, {@code Lhirs = max(1, floor(frames * hir))}, {@code stack} as above (0: unbounded). */
    public Lirs(int frames, double hir, double stack) {
        this(frames, hir, stack, false, false);
    }

    /** libCacheSim's {@code LIRS.c}, with its {@code hirs_ratio} set to {@code hir}. */
    public static Lirs libCacheSim(int frames, double hir) {
        return new Lirs(frames, hir, 0, true, false);
    }

    /** Caffeine's {@code irr.Lirs}: {@code percent-hot = 1 - hir}, {@code non-resident-multiplier = stack} (0: 2). */
    public static Lirs caffeine(int frames, double hir, double stack) {
        return new Lirs(frames, hir, stack == 0 ? 2 : stack, false, true);
    }

    /** {@code Lhirs} of Caffeine's LIRS: the frames less {@code (int) (frames * (1 - hir))}. */
    static int caffeineHirFrames(int frames, double hir) {
        return frames - (int) (frames * (1 - hir));
    }

    private Lirs(int frames, double hir, double stack, boolean peer, boolean caffeine) {
        this.table = new FrameTable(frames);
        if (!(hir >= 0 && hir < 1)) {
            throw new IllegalArgumentException("hir: " + hir + " (expected: 0 <= hir < 1)");
        }
        if (!(stack >= 0)) {
            throw new IllegalArgumentException("stack: " + stack + " (expected: >= 0)");
        }
        this.frames = frames;
        this.hirLimit = caffeine ? caffeineHirFrames(frames, hir) : hirFrames(frames, hir);
        this.lirLimit = frames - hirLimit;
        this.peer = peer;
        this.caffeine = caffeine;
        if (caffeine && (lirLimit < 1 || hirLimit < 1)) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: Llirs, Lhirs >= 1 with caffeine)");
        }
        if (peer && lirLimit < 2) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: Llirs >= 2 with libcachesim)");
        }
        this.bound = peer ? 2L * frames : caffeine ? (long) (frames * stack)
                : stack == 0 ? Long.MAX_VALUE : (long) Math.ceil(stack * frames);
        this.trackNr = peer || bound != Long.MAX_VALUE;
        this.phantom = new boolean[peer ? s.capacity() : 0];
        this.vacated = new int[frames];
    }

    /** {@code Lhirs}: {@code max(1, floor(frames * hir))}, at most the frames. */
    static int hirFrames(int frames, double hir) {
        return Math.min(frames, Math.max(1, (int) Math.floor(frames * hir)));
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            table.frameOf(page); // rejects a negative page
            if (page >= s.capacity()) {
                grow(page);
            }
            int count = PageRun.count(run);
            if (lirLimit == 0 && count > 3) { // one frame: from the second reference on, states repeat in twos
                count = 2 + ((count - 2) & 1);
            }
            for (int r = 0; r < count; r++) {
                if (r > 0 && s.head(LIST) == page && (lir[page] ? lir[s.tail(LIST)] : caffeine)) {
                    break; // LIR on top of a pruned S, or Caffeine's HIR on top (and at Q's end): nothing changes
                }
                if (peer) {
                    referencePeer(page);
                } else {
                    reference(page);
                }
                limitStack();
            }
            int frame = table.frameOf(page);
            if (frame != FrameTable.MISSING) { // a peer's phantom holds no frame: its write is lost, as there
                table.markDirty(frame, PageRun.isWrite(run));
            }
        }
    }

    private void grow(int page) {
        s.grow(page);
        q.grow(page);
        if (trackNr) { // else it stays empty
            nr.grow(page);
        }
        lir = Arrays.copyOf(lir, s.capacity());
        if (peer) {
            phantom = Arrays.copyOf(phantom, s.capacity());
        }
    }

    private void removeFromNr(int page) {
        if (trackNr) {
            nr.remove(page);
        }
    }

    private boolean inNr(int page) {
        return trackNr && nr.listOf(page) != PageLists.NONE;
    }

    private boolean inS(int page) {
        return s.listOf(page) != PageLists.NONE;
    }

    private boolean inQ(int page) {
        return q.listOf(page) != PageLists.NONE;
    }

    /** One reference by the paper's rules. */
    private void reference(int x) {
        if (table.frameOf(x) != FrameTable.MISSING) {
            if (lir[x]) {
                s.moveToHead(LIST, x);
                prune();
            } else if (caffeine && s.head(LIST) == x) {
                q.moveToHead(LIST, x);
            } else if (inS(x)) {
                q.remove(x);
                s.moveToHead(LIST, x);
                lir[x] = true;
                lirCount++;
                while (lirCount > lirLimit) {
                    demoteBottom();
                }
            } else {
                s.pushHead(LIST, x);
                q.moveToHead(LIST, x);
            }
            return;
        }
        if (table.isFull() && vacancies == 0) {
            evictHir();
        }
        load(x);
        if (lirCount < lirLimit) {
            if (inS(x)) {
                removeFromNr(x);
                s.moveToHead(LIST, x);
            } else {
                s.pushHead(LIST, x);
            }
            lir[x] = true;
            lirCount++;
        } else if (inS(x)) {
            removeFromNr(x);
            s.moveToHead(LIST, x);
            lir[x] = true;
            lirCount++;
            while (lirCount > lirLimit) {
                demoteBottom();
            }
        } else {
            s.pushHead(LIST, x);
            q.pushHead(LIST, x);
        }
    }

    /** One reference as libCacheSim's {@code LIRS_get} does it (find, can_insert, evict, insert). */
    private void referencePeer(int x) {
        boolean inS = inS(x);
        boolean inQ = inQ(x);
        if (inS) {
            s.moveToHead(LIST, x);
            if (inQ) {
                q.moveToHead(LIST, x);
            }
            if (lir[x]) {
                prune();
            } else if (phantom[x] || table.frameOf(x) != FrameTable.MISSING) { // hit_RD_HIRinS
                if (inQ) {
                    q.remove(x);
                }
                while (lirCount + 1 > lirLimit) {
                    demoteBottomPeer();
                }
                if (phantom[x]) { // the peer's hit takes a frame now, no fault
                    phantom[x] = false;
                    load(x);
                    phantomLoads++;
                }
                lir[x] = true;
                lirCount++;
            } else { // a non-resident HIR entry of S: a miss
                while (lirCount + 1 > lirLimit) {
                    demoteBottomPeer();
                }
                nr.remove(x);
                while (resident() + 1 > frames) { // LIRS_evict; unreachable, as the counts go
                    while (q.size(LIST) >= hirLimit) {
                        evictHir();
                    }
                    demoteBottomPeer();
                }
                load(x);
                lir[x] = true;
                lirCount++;
            }
        } else if (inQ) { // hit_RD_HIRinQ
            q.moveToHead(LIST, x);
            while (lirCount + 1 > lirLimit) {
                demoteBottomPeer();
            }
            s.pushHead(LIST, x);
            phantom[x] = table.frameOf(x) == FrameTable.MISSING; // evicted by its own demotion
        } else { // a miss on a page in no list
            if (lirCount + 1 > lirLimit && q.size(LIST) + 1 > hirLimit) {
                while (q.size(LIST) + 1 > hirLimit) {
                    evictHir();
                }
            }
            if (resident() + 1 > frames) {
                throw new IllegalStateException("libcachesim LIRS: no room for page " + x);
            }
            load(x);
            s.pushHead(LIST, x);
            if (lirCount + 1 <= lirLimit) {
                lir[x] = true;
                lirCount++;
            } else {
                q.pushHead(LIST, x);
            }
        }
    }

    private int resident() {
        return table.loaded() - vacancies;
    }

    /** Loads the missing {@code x} into a vacated frame, else the next free one. */
    private void load(int x) {
        if (vacancies > 0) {
            table.refill(vacated[--vacancies], x);
        } else {
            table.load(x);
        }
    }

    /** Evicts the page at the front of Q; an entry of S stays there, non-resident. */
    private void evictHir() {
        int victim = q.tail(LIST);
        q.remove(victim);
        int frame = table.frameOf(victim);
        table.vacate(frame);
        vacated[vacancies++] = frame;
        if (trackNr && inS(victim)) {
            nr.pushHead(LIST, victim);
        }
    }

    /** The paper's demotion: the LIR page at the bottom of a pruned S becomes HIR at the end of Q; prune. */
    private void demoteBottom() {
        prune();
        int y = s.tail(LIST);
        s.remove(y);
        lir[y] = false;
        lirCount--;
        q.pushHead(LIST, y);
        prune();
    }

    /** libCacheSim's {@code evictLIR}: the bottom of S to the end of Q, which first evicts its front if full. */
    private void demoteBottomPeer() {
        int y = s.tail(LIST);
        if (!lir[y]) {
            throw new IllegalStateException("libcachesim LIRS: page " + y + " at the bottom of S is HIR");
        }
        s.remove(y);
        lir[y] = false;
        lirCount--;
        while (q.size(LIST) + 1 > hirLimit) {
            evictHir();
        }
        q.pushHead(LIST, y);
        prune();
    }

    /** Removes HIR entries from the bottom of S until an LIR page is there (the peer keeps S's top). */
    private void prune() {
        for (int y = s.tail(LIST); y != PageLists.NIL && !lir[y]; y = s.tail(LIST)) {
            if (peer && y == s.head(LIST)) {
                return;
            }
            s.remove(y);
            if (peer) {
                phantom[y] = false;
            }
            if (trackNr && nr.listOf(y) != PageLists.NONE) {
                nr.remove(y);
            }
        }
    }

    /** Forgets the entries that left memory first while S holds too many (paper: of them; peer: in all). */
    private void limitStack() {
        while (nr.size(LIST) > 0 && (peer ? s.size(LIST) : nr.size(LIST)) > bound) {
            int oldest = nr.tail(LIST);
            nr.remove(oldest);
            s.remove(oldest);
        }
    }

    /** Forgets the counts; the lists and the dirty bits stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
        phantomLoads = 0;
    }

    /**
     * Checks the lists and the frames: LIR pages are resident and in S, Q holds exactly the resident HIR pages,
     * NR exactly the non-resident entries of S, the LIR set keeps within {@code Llirs} and Q within
     * {@code Lhirs} once memory is full, and the bottom of S is LIR when any page is.
     */
    @Override
    public void finish() {
        table.check();
        s.check();
        q.check();
        nr.check();
        int lirs = 0;
        for (int page = 0; page < s.capacity(); page++) {
            boolean resident = table.frameOf(page) != FrameTable.MISSING;
            if (lir[page]) {
                lirs++;
                if (!resident || !inS(page) || inQ(page)) {
                    throw new IllegalStateException("LIR page " + page + " resident " + resident + ", in S "
                            + inS(page) + ", in Q " + inQ(page));
                }
            } else if (peer && phantom[page] ? resident || !inS(page) || inQ(page) || inNr(page)
                    : resident != inQ(page) || (trackNr && inS(page) && !resident) != inNr(page)) {
                throw new IllegalStateException("HIR page " + page + " resident " + resident + ", in S "
                        + inS(page) + ", in Q " + inQ(page) + ", phantom " + (peer && phantom[page]));
            }
        }
        if (lirs != lirCount || lirCount > Math.max(lirLimit, 0) || resident() != lirCount + q.size(LIST)
                || (table.isFull() && q.size(LIST) > hirLimit)
                || (lirCount > 0 && !lir[s.tail(LIST)])) {
            throw new IllegalStateException("LIRS counts: " + lirs + " LIR pages (counted " + lirCount + ", Llirs "
                    + lirLimit + "), |Q| " + q.size(LIST) + " (Lhirs " + hirLimit + "), " + resident()
                    + " resident");
        }
    }

    @Override
    public long faultsSoFar() {
        return table.faults() - phantomLoads;
    }

    @Override
    public PagingOutcome outcome() {
        return FixedMemoryOutcome.of(table.faults() - phantomLoads, table.writeBacks());
    }

    public int frames() {
        return frames;
    }

    /** Whether {@code page} is LIR, for tests. */
    boolean isLir(int page) {
        return page < lir.length && lir[page];
    }

    /** Whether {@code page} is resident, for tests. */
    boolean isResident(int page) {
        return table.frameOf(page) != FrameTable.MISSING;
    }

    /** S from its top, for tests. */
    int[] stack() {
        return walk(s);
    }

    /** Q from its end (the newest) to its front, for tests. */
    int[] queue() {
        return walk(q);
    }

    private static int[] walk(PageLists lists) {
        int[] pages = new int[lists.size(LIST)];
        int i = 0;
        for (int p = lists.head(LIST); p != PageLists.NIL; p = lists.next(p)) {
            pages[i++] = p;
        }
        return pages;
    }
}
