package io.heaplab.paging.fifo;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;

/**
 * FIFO replacement in a fixed number of frames (Belady 1966): the victim is the page that has been in memory
 * longest, however recently it was used.
 *
 * <p>The frames are a ring filled in order; once memory is full the frame after the last one replaced holds the
 * oldest page, so a fault costs O(1) with no list at all. References to resident pages change nothing but the
 * dirty bit: FIFO ignores use, which is why it can fault more with more frames (Belady's anomaly). The frames,
 * the page table and the counts are a {@link FrameTable}.
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back. Pages still dirty when the run ends are not counted.
 */
public final class Fifo implements PagingSimulator {

    private final FrameTable table;
    private final int frames;
    /** The frame holding the oldest page once memory is full: the next victim. */
    private int oldest;

    public Fifo(int frames) {
        this.table = new FrameTable(frames);
        this.frames = frames;
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
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Forgets the counts; the frames and the order of loading stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    private int fault(int page) {
        if (!table.isFull()) {
            return table.load(page);
        }
        int frame = oldest;
        oldest = oldest + 1 == frames ? 0 : oldest + 1;
        table.replace(frame, page);
        return frame;
    }

    /** Checks that the page table and the frames agree, and that the ring has not turned before memory filled. */
    @Override
    public void finish() {
        table.check();
        if (!table.isFull() && oldest != 0) {
            throw new IllegalStateException(table.loaded() + " loaded frames of " + frames + ", oldest " + oldest);
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
}
