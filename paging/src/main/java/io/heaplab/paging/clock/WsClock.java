package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import java.util.Map;

/**
 * WSCLOCK for one task in a fixed number of frames (Carr &amp; Hennessy 1981).
 *
 * <p>The frames form a fixed circular list; each holds a page, a use bit, a dirty bit and {@code LR(p)}, the
 * virtual time the page was last seen in use (defined only while it is resident). Virtual time {@code VT} is the
 * number of references so far, the current one included: a run of {@code k} references advances it by {@code k},
 * and its first reference, the only one that can fault, happens at the first of those {@code k} times. A reference
 * sets the use bit, and the dirty bit when the run writes.
 *
 * <p>On a fault, a free frame is taken without a scan (frames fill in order, and the hand starts at the last
 * one, so the first scan begins at frame 0). Otherwise the hand, which points at the last frame replaced, is
 * advanced and each frame examined in turn: a set use bit is cleared and {@code LR(p) = VT}; a page with a clear
 * use bit and {@code VT - LR(p) >= theta} has left the working set and is replaceable: if clean it is replaced
 * and the hand stays on it; if dirty it is scheduled for cleaning (a write-back) and not replaced. The newly
 * loaded page gets its use bit set and {@code LR = VT}.
 *
 * <p>What the paper leaves to the rest of the system is modelled so:
 * <ul>
 *   <li><b>Cleaning delay.</b> The write is counted when it is scheduled and assumed to complete before the hand
 *       comes round again; the dirty bit is cleared then, as the paper clears it when the write is initiated
 *       (a later write dirties the page again). A cleaned page is thus replaceable on the next circuit unless
 *       it is referenced meanwhile.</li>
 *   <li><b>A full circuit without a clean replaceable page.</b> If this scan scheduled any cleaning, it goes on:
 *       the paper processes cleaning requests to produce a clean replaceable page, and the first page cleaned is
 *       found on the second circuit. If nothing at all was replaceable, the paper would deactivate a task, which
 *       a single task cannot be; instead the resident page with the oldest {@code LR} (nearest to leaving the
 *       working set; the first in scan order on a tie) is replaced, written back first if dirty, the hand is left
 *       on it and an {@code overcommitment} is counted.</li>
 *   <li><b>End of run.</b> Pages still dirty in memory when the trace ends are not counted as write-backs.</li>
 * </ul>
 *
 * <p>Measures: {@code writeBacks}; {@code meanPointerTravel}, the frames examined per fault that needed a scan
 * (0.0 when none did; the paper reports about 13); {@code overcommitments}.
 *
 * <p>The frames, the page table, the dirty bits and the write-backs are a {@link FrameTable}: cleaning is
 * {@link FrameTable#clean}, and replacing a page still dirty (only an overcommitted one can be) writes it back.
 * The use bits, {@code LR} and the hand are the policy's.
 */
public final class WsClock implements PagingSimulator {

    private static final int NO_FRAME = -1;

    private final FrameTable table;
    private final int frames;
    private final long theta;

    private final boolean[] used;
    private final long[] lastRef;
    private int hand;
    private long vt;

    private long scans;
    private long pointerTravel;
    private long overcommitments;

    public WsClock(int frames, long theta) {
        this.table = new FrameTable(frames);
        if (theta < 1) {
            throw new IllegalArgumentException("theta: " + theta + " (expected: >= 1)");
        }
        this.frames = frames;
        this.theta = theta;
        this.used = new boolean[frames];
        this.lastRef = new long[frames];
        this.hand = frames - 1;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            vt++;
            int frame = table.frameOf(page);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
            }
            used[frame] = true;
            table.markDirty(frame, PageRun.isWrite(run));
            vt += PageRun.count(run) - 1;
        }
    }

    /** Forgets the counts; the frames, their bits and the hand stay as they are. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
        scans = 0;
        pointerTravel = 0;
        overcommitments = 0;
    }

    private int fault(int page) {
        int frame;
        if (!table.isFull()) {
            frame = table.load(page);
        } else {
            frame = sweep();
            table.replace(frame, page);
        }
        lastRef[frame] = vt;
        return frame;
    }

    /** Runs the CLOCK scan with the working-set rule; returns the frame to refill, where the hand now rests. */
    private int sweep() {
        scans++;
        boolean cleaning = false;
        int oldest = NO_FRAME;
        for (int examined = 1; ; examined++) {
            hand = hand + 1 == frames ? 0 : hand + 1;
            pointerTravel++;
            if (used[hand]) {
                used[hand] = false;
                lastRef[hand] = vt;
            } else if (vt - lastRef[hand] >= theta) {
                if (!table.isDirty(hand)) {
                    return hand;
                }
                table.clean(hand);
                cleaning = true;
            }
            if (oldest == NO_FRAME || lastRef[hand] < lastRef[oldest]) {
                oldest = hand;
            }
            if (examined == frames && !cleaning) {
                return overcommitted(oldest);
            }
            if (examined == 2 * frames) {
                // A page cleaned on the first circuit is clean, unused and still out of the window on the second.
                throw new IllegalStateException("WSCLOCK scan found no page in two circuits at VT " + vt);
            }
        }
    }

    /** Gives up the oldest page; if it is dirty, replacing it writes it back first. */
    private int overcommitted(int oldest) {
        overcommitments++;
        hand = oldest;
        return oldest;
    }

    /** Checks that the page table and the frames agree. */
    @Override
    public void finish() {
        table.check();
    }

    @Override
    public long faultsSoFar() {
        return table.faults();
    }

    @Override
    public PagingOutcome outcome() {
        return table.outcome(Map.entry("meanPointerTravel", scans == 0 ? 0.0 : (double) pointerTravel / scans),
                Map.entry("overcommitments", overcommitments));
    }

    public int frames() {
        return frames;
    }

    public long theta() {
        return theta;
    }
}
