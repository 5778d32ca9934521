package io.heaplab.paging;

import io.heaplab.core.spi.PagingOutcome;
import java.util.Arrays;
import java.util.Map;

/**
 * The frames of a fixed memory and its page table, counting the faults and write-backs they cost.
 *
 * <pre>
 *  frameOf (per page, grown on demand)       pageIn / dirty (per frame)
 *  page 0 -&gt; MISSING                        frame 0: page 2, clean
 *  page 1 -&gt; 1                              frame 1: page 1, dirty
 *  page 2 -&gt; 0                              frame 2: free (loaded = 2)
 * </pre>
 *
 * Frames fill in order, {@link #load} taking the next free one; once memory is full a policy picks a victim frame
 * and {@link #replace}s its page, which costs a write-back when it is dirty. A page is dirty from a run that
 * writes it ({@link #markDirty}) until it leaves memory or is {@link #clean}ed; pages still dirty when the run
 * ends are not counted.
 *
 * <p>It decides nothing: each policy keeps its own loop over the runs and its own choice of victim, and calls
 * these final methods, which the JIT inlines, so a reference costs what it cost with the arrays in the policy.
 */
public final class FrameTable {

    /** What {@link #frameOf} answers for a page in no frame. */
    public static final int MISSING = -1;
    private static final int INITIAL_PAGES = 1024;

    private final int frames;
    private final int[] pageIn;
    private final boolean[] dirty;
    private int[] frameOf = missingFrom(new int[INITIAL_PAGES], 0);

    /** Frames in use; they are {@code 0 .. loaded)}. */
    private int loaded;
    /** Loaded frames {@link #vacate}d and not yet {@link #refill}ed: they hold no page. */
    private int vacant;

    private long faults;
    private long writeBacks;

    public FrameTable(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.pageIn = new int[frames];
        this.dirty = new boolean[frames];
    }

    /** The frame holding {@code page}, or {@link #MISSING}; the table grows to any page id, a negative one fails. */
    public int frameOf(int page) {
        if (page < 0 || page >= frameOf.length) {
            grow(page);
        }
        return frameOf[page];
    }

    /** Whether every frame holds a page, so that a fault must {@link #replace} one. */
    public boolean isFull() {
        return loaded == frames;
    }

    /** Counts a fault and loads the missing {@code page}, clean, into the next free frame, which it returns. */
    public int load(int page) {
        faults++;
        int frame = loaded++;
        map(frame, page);
        return frame;
    }

    /**
     * Counts a fault and loads the missing {@code page}, clean, into the loaded {@code frame}, evicting the page
     * there: a write-back if it was dirty.
     */
    public void replace(int frame, int page) {
        faults++;
        frameOf[pageIn[frame]] = MISSING;
        if (dirty[frame]) {
            writeBacks++;
        }
        map(frame, page);
    }

    /**
     * Evicts the page in the loaded {@code frame} without loading another, a write-back if it was dirty: for a
     * policy that may evict more than it loads. The frame holds no page until the policy {@link #refill}s it.
     */
    public void vacate(int frame) {
        frameOf[pageIn[frame]] = MISSING;
        if (dirty[frame]) {
            writeBacks++;
        }
        dirty[frame] = false;
        pageIn[frame] = MISSING;
        vacant++;
    }

    /**
     * Counts a fault that loads nothing, for a policy that may evict the page it faulted on, and a write-back if
     * {@code written}: a write to a page turned away goes to the backing store at once.
     */
    public void bypass(boolean written) {
        faults++;
        if (written) {
            writeBacks++;
        }
    }

    /** Counts a fault and loads the missing {@code page}, clean, into a {@link #vacate}d {@code frame}. */
    public void refill(int frame, int page) {
        faults++;
        vacant--;
        map(frame, page);
    }

    private void map(int frame, int page) {
        pageIn[frame] = page;
        frameOf[page] = frame;
        dirty[frame] = false;
    }

    /** Dirties the page in {@code frame} when a run {@code written} it; branch-free, for every reference. */
    public void markDirty(int frame, boolean written) {
        dirty[frame] |= written;
    }

    public boolean isDirty(int frame) {
        return dirty[frame];
    }

    /** Writes back the dirty page in {@code frame} now, counting it, and leaves it in memory, clean. */
    public void clean(int frame) {
        dirty[frame] = false;
        writeBacks++;
    }

    /** The page in a loaded {@code frame}. */
    public int pageIn(int frame) {
        return pageIn[frame];
    }

    /** Frames holding a page: {@code 0 .. loaded)}. */
    public int loaded() {
        return loaded;
    }

    public int frames() {
        return frames;
    }

    public long faults() {
        return faults;
    }

    public long writeBacks() {
        return writeBacks;
    }

    /** Forgets the counts; the pages, their frames and their dirty bits stay. */
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
    }

    /**
     * The outcome so far: the faults, and among the measures the write-backs first, then {@code extra} in order.
     */
    @SafeVarargs
    public final PagingOutcome.Faults outcome(Map.Entry<String, ? extends Number>... extra) {
        return FixedMemoryOutcome.of(faults, writeBacks, extra);
    }

    /** Checks that the page table and the frames agree: every mapped page is in its frame, and only those. */
    public void check() {
        int mapped = 0;
        for (int page = 0; page < frameOf.length; page++) {
            int frame = frameOf[page];
            if (frame != MISSING) {
                mapped++;
                if (frame < 0 || frame >= loaded || pageIn[frame] != page) {
                    throw new IllegalStateException("page " + page + " maps to frame " + frame + " which holds "
                            + (frame >= 0 && frame < loaded ? "page " + pageIn[frame] : "nothing"));
                }
            }
        }
        if (mapped != loaded - vacant) {
            throw new IllegalStateException(mapped + " pages mapped into " + loaded + " loaded frames, " + vacant
                    + " of them vacant");
        }
    }

    private void grow(int page) {
        int old = frameOf.length;
        frameOf = missingFrom(Arrays.copyOf(frameOf, PageTables.grownLength(old, page)), old);
    }

    private static int[] missingFrom(int[] table, int from) {
        Arrays.fill(table, from, table.length, MISSING);
        return table;
    }
}
