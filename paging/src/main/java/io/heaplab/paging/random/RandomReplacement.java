package io.heaplab.paging.random;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random replacement in a fixed number of frames (Belady 1966): the victim is a resident page drawn uniformly,
 * the baseline that uses no information about the past.
 *
 * <p>Only a fault with memory full draws a number, one per fault, from a {@link SplittableRandom} seeded at
 * construction: the same seed and the same trace give the same faults, however the runs are batched.
 *
 * <p>A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back. Pages still dirty when the run ends are not counted.
 */
public final class RandomReplacement implements PagingSimulator {

    private static final int MISSING = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;
    private final long seed;
    private final SplittableRandom random;
    private final int[] pageIn;
    private final boolean[] dirty;
    private int[] frameOf = filled(new int[INITIAL_PAGES], 0);

    private int loaded;

    private long faults;
    private long writeBacks;

    public RandomReplacement(int frames, long seed) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.seed = seed;
        this.random = new SplittableRandom(seed);
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

    /** Forgets the counts; the frames and the random sequence go on where they were. */
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
            // every frame is resident once memory is full, so a uniform frame is a uniform resident page
            frame = random.nextInt(frames);
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
        if (mapped != loaded) {
            throw new IllegalStateException(mapped + " pages mapped into " + loaded + " loaded frames");
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

    public long seed() {
        return seed;
    }
}
