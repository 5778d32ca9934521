package io.heaplab.paging.fifo;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * FIFO replacement in a fixed number of frames (Belady 1966): the victim is the page that has been in memory
 * longest, however recently it was used.
 *
 * <p>The frames are a ring filled in order; once memory is full the frame after the last one replaced holds the
 * oldest page, so a fault costs O(1) with no list at all. References to resident pages change nothing but the
 * dirty bit: FIFO ignores use, which is why it can fault more with more frames (Belady's anomaly).
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back. Pages still dirty when the run ends are not counted.
 */
public final class Fifo implements PagingSimulator {

    private static final int MISSING = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;
    private final int[] pageIn;
    private final boolean[] dirty;
    private int[] frameOf = filled(new int[INITIAL_PAGES], 0);

    private int loaded;
    /** The frame holding the oldest page once memory is full: the next victim. */
    private int oldest;

    private long faults;
    private long writeBacks;

    public Fifo(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.pageIn = new int[frames];
        this.dirty = new boolean[frames];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= frameOf.length) {
                grow(page);
            }
            int frame = frameOf[page];
            if (frame == MISSING) {
                frame = fault(page);
            }
            dirty[frame] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the frames and the order of loading stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    private int fault(int page) {
        faults++;
        int frame;
        if (loaded < frames) {
            frame = loaded++;
        } else {
            frame = oldest;
            oldest = oldest + 1 == frames ? 0 : oldest + 1;
            frameOf[pageIn[frame]] = MISSING;
            if (dirty[frame]) {
                writeBacks++;
            }
        }
        pageIn[frame] = page;
        frameOf[page] = frame;
        dirty[frame] = false;
        return frame;
    }

    private void grow(int page) {
        int old = frameOf.length;
        frameOf = filled(Arrays.copyOf(frameOf, PageTables.grownLength(old, page)), old);
    }

    private static int[] filled(int[] table, int from) {
        Arrays.fill(table, from, table.length, MISSING);
        return table;
    }

    /** Checks that the page table and the frames agree. */
    @Override
    public void finish() {
        int mapped = 0;
        for (int page = 0; page < frameOf.length; page++) {
            int frame = frameOf[page];
            if (frame != MISSING) {
                mapped++;
                if (frame >= loaded || pageIn[frame] != page) {
                    throw new IllegalStateException("page " + page + " maps to frame " + frame + " which holds "
                            + (frame < loaded ? "page " + pageIn[frame] : "nothing"));
                }
            }
        }
        if (mapped != loaded || (loaded < frames && oldest != 0)) {
            throw new IllegalStateException(mapped + " pages mapped into " + loaded + " loaded frames, oldest "
                    + oldest);
        }
    }

    @Override
    public PagingOutcome outcome() {
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, writeBacks);
        return new PagingOutcome.Faults(faults, measures);
    }

    public int frames() {
        return frames;
    }
}
