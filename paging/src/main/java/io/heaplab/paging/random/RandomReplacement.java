package io.heaplab.paging.random;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import java.util.SplittableRandom;

/**
 * Random replacement in a fixed number of frames (Belady 1966): the victim is a resident page drawn uniformly,
 * the baseline that uses no information about the past.
 *
 * <p>Only a fault with memory full draws a number, one per fault, from a {@link SplittableRandom} seeded at
 * construction: the same seed and the same trace give the same faults, however the runs are batched.
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back. Pages still dirty when the run ends are not counted. The frames, the page table and the counts are
 * a {@link FrameTable}.
 */
public final class RandomReplacement implements PagingSimulator {

    private final FrameTable table;
    private final int frames;
    private final long seed;
    private final SplittableRandom random;

    public RandomReplacement(int frames, long seed) {
        this.table = new FrameTable(frames);
        this.frames = frames;
        this.seed = seed;
        this.random = new SplittableRandom(seed);
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

    /** Forgets the counts; the frames and the random sequence go on where they were. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    private int fault(int page) {
        if (!table.isFull()) {
            return table.load(page);
        }
        // every frame is resident once memory is full, so a uniform frame is a uniform resident page
        int frame = random.nextInt(frames);
        table.replace(frame, page);
        return frame;
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
        return table.outcome();
    }

    public int frames() {
        return frames;
    }

    public long seed() {
        return seed;
    }
}
