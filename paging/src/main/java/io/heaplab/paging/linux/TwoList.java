package io.heaplab.paging.linux;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FixedMemoryOutcome;
import io.heaplab.paging.PageLists;
import java.util.Arrays;
import java.util.Map;

/**
 * The Linux kernel's active/inactive two-list replacement (mm/vmscan.c, mm/swap.c) in a fixed number of frames,
 * as described by Gorman, <i>Understanding the Linux Virtual Memory Manager</i> (2004), ch. 10.
 *
 * <p>Every resident page is on one of two lists, head first, and has a referenced flag ({@code PG_referenced}).
 * The model, per reference to page {@code x}:
 * <ul>
 *   <li><b>Fault.</b> {@code x} goes to the head of the inactive list with its flag clear; when memory is full a
 *       victim is reclaimed first (below).</li>
 *   <li><b>mark_page_accessed.</b> A reference to a resident page on the inactive list with its flag set
 *       promotes it to the head of the active list with the flag clear (an {@code activation}); with its flag
 *       clear, it sets the flag. A reference to an active page sets its flag. Nothing else moves: the lists are
 *       not kept in recency order, only in order of arrival.</li>
 *   <li><b>Balancing</b> (refill_inactive, shrink_active_list), before each reclaim: while the active list is
 *       longer than {@code ratio} times the inactive list, its tail page is taken; if its flag is set, the flag
 *       is cleared and the page goes back to the head of the active list (one more trip, as in the 2.4 kernel
 *       Gorman describes; later kernels keep only referenced executable pages so); otherwise it moves to the
 *       head of the inactive list with its flag clear (a {@code deactivation}).</li>
 *   <li><b>Reclaim</b> (shrink_inactive_list, shrink_page_list): from the inactive tail, a page with its flag set
 *       has it cleared and goes to the inactive head (a second chance); the first page with its flag clear is
 *       the victim. Balancing leaves the inactive list non-empty whenever memory is, so this ends within one
 *       pass of it.</li>
 * </ul>
 *
 * <p><b>Correlated references.</b> A reference within {@code correlation} references of the previous one to the
 * same page is correlated with it and sets no flag (as the hardware's accessed bit, set once by a burst of
 * accesses and seen once by the scan). The default, 1, makes a run of consecutive references one use.
 * {@code correlation=0} counts every reference: after a run's first, up to three more each apply the
 * mark_page_accessed step (beyond that the state no longer changes), so a run of 3 or more leaves the page active.
 * Either way the result does not depend on how consecutive references were grouped into runs.
 *
 * <p>Simplified away: the split into page-cache and anonymous lists (and swappiness), zones and per-CPU
 * pagevecs, the hardware-accessed PTE bit (a reference sets the flag at once, the scan does not look at PTEs),
 * watermarks and batch reclaim (exactly one page is reclaimed per fault, only when memory is full), refault
 * distances and workingset shadow entries, and dirty-page writeback throttling (a dirty victim is written
 * back at once and counted). A page is dirty from a run that writes it until it leaves memory; pages still
 * dirty when the run ends are not counted.
 *
 * <p>The two lists are one {@link PageLists}, intrusive over arrays indexed by page; a page on neither is not
 * resident.
 *
 * <p>Measures: {@code writeBacks}; {@code activations}; {@code deactivations}.
 */
public final class TwoList implements PagingSimulator {

    static final byte ACTIVE = 0;
    static final byte INACTIVE = 1;
    /** References beyond this many in one run change nothing: fault, flag, promotion, flag. */
    private static final int EFFECTIVE_REFERENCES = 4;

    private final int frames;
    private final int ratio;
    private final long correlation;
    /** Virtual time: references so far. */
    private long now;
    /** Per page, the time of its last reference. */
    private long[] last;

    /** The active and the inactive list, head first in order of arrival. */
    private final PageLists lists = new PageLists("active", "inactive");
    /** Per page, as long as the lists' capacity; {@code dirty.length} bounds all three. */
    private boolean[] referenced;
    private boolean[] dirty;

    private long faults;
    private long writeBacks;
    private long activations;
    private long deactivations;

    /** Two lists with the default correlated reference period: a run of consecutive references is one use. */
    public TwoList(int frames, int ratio) {
        this(frames, ratio, 1);
    }

    /**
     * @param correlation references within this many of the previous one to the same page are correlated with it
     *                    and set no flag; 0 counts every reference
     */
    public TwoList(int frames, int ratio, long correlation) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        if (ratio < 1) {
            throw new IllegalArgumentException("ratio: " + ratio + " (expected: >= 1)");
        }
        if (correlation < 0) {
            throw new IllegalArgumentException("correlation: " + correlation + " (expected: >= 0)");
        }
        this.frames = frames;
        this.ratio = ratio;
        this.correlation = correlation;
        this.last = new long[lists.capacity()];
        this.referenced = new boolean[lists.capacity()];
        this.dirty = new boolean[lists.capacity()];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            if (page < 0 || page >= dirty.length) {
                grow(page);
            }
            int count = PageRun.count(run);
            // with correlated references, a run is one use: its first reference alone counts
            int references = correlation == 0 ? Math.min(count, EFFECTIVE_REFERENCES) : 1;
            if (lists.listOf(page) == PageLists.NONE) {
                fault(page);
                references--;
            } else if (now - last[page] <= correlation) {
                references--; // correlated with the page's last reference: no flag
            }
            for (; references > 0; references--) {
                markAccessed(page);
            }
            now += count;
            last[page] = now - 1;
            dirty[page] |= PageRun.isWrite(run);
        }
    }

    /** Forgets the counts; the lists and the flags stay. */
    @Override
    public void startMeasuring() {
        faults = 0;
        writeBacks = 0;
        activations = 0;
        deactivations = 0;
    }

    private void fault(int page) {
        faults++;
        if (lists.size(ACTIVE) + lists.size(INACTIVE) == frames) {
            balance();
            reclaim();
        }
        referenced[page] = false;
        lists.pushHead(INACTIVE, page);
    }

    private void markAccessed(int page) {
        if (lists.listOf(page) == INACTIVE && referenced[page]) {
            lists.moveToHead(ACTIVE, page);
            referenced[page] = false;
            activations++;
        } else {
            referenced[page] = true;
        }
    }

    /** Moves pages from the active tail until the active list is at most {@code ratio} times the inactive. */
    private void balance() {
        while (lists.size(ACTIVE) > (long) ratio * lists.size(INACTIVE)) {
            int page = lists.tail(ACTIVE);
            if (referenced[page]) {
                referenced[page] = false;
                lists.moveToHead(ACTIVE, page);
            } else {
                lists.moveToHead(INACTIVE, page);
                deactivations++;
            }
        }
    }

    /** Scans from the inactive tail, giving referenced pages a second chance, and evicts the first unreferenced. */
    private void reclaim() {
        while (true) {
            int page = lists.tail(INACTIVE);
            if (!referenced[page]) {
                lists.remove(page);
                if (dirty[page]) {
                    writeBacks++;
                    dirty[page] = false;
                }
                return;
            }
            referenced[page] = false;
            lists.moveToHead(INACTIVE, page);
        }
    }

    private void grow(int page) {
        lists.grow(page);
        referenced = Arrays.copyOf(referenced, lists.capacity());
        dirty = Arrays.copyOf(dirty, lists.capacity());
        last = Arrays.copyOf(last, lists.capacity());
    }

    /**
     * Checks both lists (linked both ways, each page on the list it says, lengths as counted), that they hold no
     * more than the frames between them, and that only resident pages are dirty or referenced.
     */
    @Override
    public void finish() {
        lists.check();
        int listed = lists.size(ACTIVE) + lists.size(INACTIVE);
        if (listed > frames) {
            throw new IllegalStateException(listed + " pages resident in " + frames + " frames");
        }
        for (int page = 0; page < dirty.length; page++) {
            if (lists.listOf(page) == PageLists.NONE && (dirty[page] || referenced[page])) {
                throw new IllegalStateException("page " + page + " is dirty or referenced but not resident");
            }
        }
    }

    @Override
    public long faultsSoFar() {
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return FixedMemoryOutcome.of(faults, writeBacks, Map.entry("activations", activations),
                Map.entry("deactivations", deactivations));
    }

    public int frames() {
        return frames;
    }

    public int ratio() {
        return ratio;
    }

    /** Whether {@code page} is on the active list now. */
    boolean isActive(int page) {
        return page >= 0 && page < dirty.length && lists.listOf(page) == ACTIVE;
    }

    /** Whether {@code page} is resident now. */
    public boolean isResident(int page) {
        return page >= 0 && page < dirty.length && lists.listOf(page) != PageLists.NONE;
    }
}
