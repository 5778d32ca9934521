package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.PageTables;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
 * <p>Measures: {@code writeBacks}; {@code meanPointerTravel}, the frames examined per fault that needed a scan
 * (0.0 when none did), comparable with {@link WsClock}'s.
 */
public final class Clock implements PagingSimulator {

    private static final int MISSING = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;
    private final int[] pageIn;
    private final boolean[] used;
    private final boolean[] dirty;
    private int[] frameOf = filled(new int[INITIAL_PAGES], 0);

    private int loaded;
    private int hand;

    private long faults;
    private long writeBacks;
    private long scans;
    private long pointerTravel;

    public Clock(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.pageIn = new int[frames];
        this.used = new boolean[frames];
        this.dirty = new boolean[frames];
        this.hand = frames - 1;
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
            used[frame] = true;
            dirty[frame] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the frames, their bits and the hand stay as they are. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        scans = 0;
        pointerTravel = 0;
    }

    private int fault(int page) {
        faults++;
        int frame;
        if (loaded < frames) {
            frame = loaded++;
        } else {
            frame = replace();
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

    /** Advances the hand to the first frame with a clear use bit, clearing the set ones it passes. */
    private int replace() {
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
        measures.put("meanPointerTravel", scans == 0 ? 0.0 : (double) pointerTravel / scans);
        return new PagingOutcome.Faults(faults, measures);
    }

    public int frames() {
        return frames;
    }
}
