package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import java.util.Map;

/**
 * CLOCK, or second chance, in a fixed number of frames (Corbató 1968): a one-bit approximation of LRU; with a
 * counter of k bits per frame, GCLOCK (Nicola, Dan &amp; Dias, SIGMETRICS 1992).
 *
 * <p>The frames form a fixed circular list, each with a use bit that every reference sets (the faulting one
 * too, so a page just loaded has it set). The hand points at the last frame replaced. On a fault with memory
 * full the hand advances frame by frame: a set use bit is cleared (the page gets a second chance) and the first
 * page found with a clear bit is replaced, the hand staying on its frame. The scan ends within one circuit plus
 * a frame, since it clears every bit it passes. Free frames are taken in order without a scan, and the hand
 * starts on the last frame, so the first scan begins at frame 0.
 *
 * <p>With k bits the use bit is a counter up to 2^k - 1: every reference adds one (a run of n references n),
 * the hand takes one from each counter it passes and replaces the first page whose counter is 0; the scan ends
 * within 2^k - 1 circuits. A page is loaded with its faulting reference counted, as hardware sets the bit on the
 * access that faults; {@code insertCounted = false} loads it at 0 and counts only the references after, as
 * libCacheSim's Clock does (its queue moving a page passed over to its head is this hand).
 *
 * <p>Unlike the CLOCK of Carr &amp; Hennessy (1981), a dirty page is not skipped while it is cleaned: it is
 * replaced at once and counted as a write-back. Pages still dirty when the run ends are not counted.
 *
 * <p>The frames, the page table, the dirty bits and the counts are a {@link FrameTable}; the use bits and the
 * hand are the policy's.
 *
 * <p>Measures: {@code writeBacks}; {@code meanPointerTravel}, the frames examined per fault that needed a scan
 * (0.0 when none did), comparable with {@link WsClock}'s.
 */
public final class Clock implements PagingSimulator {

    private final FrameTable table;
    private final int frames;
    /** Each frame's use counter; 0 to {@link #most}. */
    private final int[] used;
    private final int most;
    /** Whether the faulting reference counts: 1 (the paper's hardware bit), else 0 (libCacheSim's insertion). */
    private final int faulting;
    private int hand;

    private long scans;
    private long pointerTravel;

    /** CLOCK with one use bit, set by the faulting reference. */
    public Clock(int frames) {
        this(frames, 1, true);
    }

    /**
     * @param bits          the use counter's bits, 1 (CLOCK) to 16 (GCLOCK)
     * @param insertCounted whether the faulting reference counts (hardware) or only those after it (libCacheSim)
     */
    public Clock(int frames, int bits, boolean insertCounted) {
        if (bits < 1 || bits > 16) {
            throw new IllegalArgumentException("bits " + bits + " (expected: 1 to 16)");
        }
        this.table = new FrameTable(frames);
        this.frames = frames;
        this.used = new int[frames];
        this.most = (1 << bits) - 1;
        this.faulting = insertCounted ? 1 : 0;
        this.hand = frames - 1;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            // the run's references each count, the first of a faulting run only if loading counts it
            long count = PageRun.count(run);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                count += faulting - 1;
            }
            used[frame] = (int) Math.min(most, used[frame] + count);
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Forgets the counts; the frames, their bits and the hand stay as they are. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
        scans = 0;
        pointerTravel = 0;
    }

    private int fault(int page) {
        if (!table.isFull()) {
            int frame = table.load(page);
            used[frame] = 0;
            return frame;
        }
        int frame = sweep();
        table.replace(frame, page);
        used[frame] = 0;
        return frame;
    }

    /** Advances the hand to the first frame whose counter is 0, taking one from each it passes. */
    private int sweep() {
        scans++;
        while (true) {
            hand = hand + 1 == frames ? 0 : hand + 1;
            pointerTravel++;
            if (used[hand] == 0) {
                return hand;
            }
            used[hand]--;
        }
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
        return table.outcome(Map.entry("meanPointerTravel", scans == 0 ? 0.0 : (double) pointerTravel / scans));
    }

    public int frames() {
        return frames;
    }
}
