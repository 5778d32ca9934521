package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import java.util.Map;

/**
 * CLOCK, or second chance, in a fixed number of frames (Corbató 1968): a one-bit approximation of LRU.
 *
 * <p>The frames form a fixed circular list, each with a use bit that every reference sets (the faulting one
 * too, so a page just loaded has it set). The hand points at the last frame replaced. On a fault with memory
 * full the hand advances frame by frame: a set use bit is cleared (the page gets a second chance) and the first
 * page found with a clear bit is replaced, the hand staying on its frame. The scan ends within one circuit plus
 * a frame, since it clears every bit it passes. Free frames are taken in order without a scan, and the hand
 * starts on the last frame, so the first scan begins at frame 0.
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
    private final boolean[] used;
    private int hand;

    private long scans;
    private long pointerTravel;

    public Clock(int frames) {
        this.table = new FrameTable(frames);
        this.frames = frames;
        this.used = new boolean[frames];
        this.hand = frames - 1;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
            }
            used[frame] = true;
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
            return table.load(page);
        }
        int frame = sweep();
        table.replace(frame, page);
        return frame;
    }

    /** Advances the hand to the first frame with a clear use bit, clearing the set ones it passes. */
    private int sweep() {
        scans++;
        while (true) {
            hand = hand + 1 == frames ? 0 : hand + 1;
            pointerTravel++;
            if (!used[hand]) {
                return hand;
            }
            used[hand] = false;
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
