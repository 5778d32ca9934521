package io.heaplab.paging.clockpro;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.util.Arrays;
import java.util.Map;

/**
 * CLOCK-Pro in a fixed number of {@code m} frames (Jiang, Chen &amp; Zhang, "CLOCK-Pro: An Effective Improvement of
 * the CLOCK Replacement", USENIX ATC 2005), with its adaptive cold-page target {@code m_c}.
 *
 * <p>CLOCK-Pro approximates LIRS with reference bits. A resident page is <em>hot</em> or <em>cold</em>; a cold page
 * may be in its <em>test period</em>, and one evicted during it stays on the clock as a <em>non-resident</em> test
 * page until the period ends. The pages are on one list ordered by the time they last came to its head, newest at
 * the head; every hand moves from the tail towards the head and passes nothing it could act on, so each rests on
 * the oldest page of its kind: {@code HAND_hot} on the oldest hot page, {@code HAND_cold} on the oldest resident
 * cold page, {@code HAND_test} on the oldest page in its test period. The rules as implemented:
 * <ul>
 *   <li><b>Hit.</b> The page's reference bit is set; nothing moves. A cold page hit in its test period becomes hot
 *       when {@code HAND_cold} finds its bit, if the period still lasts.</li>
 *   <li><b>Fault, memory filling.</b> While fewer than {@code m - m_c} pages are hot the page is loaded hot, after
 *       that cold in a new test period (as the authors' simulator fills memory); at the head, bit clear.</li>
 *   <li><b>Fault, memory full.</b> {@code HAND_cold} frees a frame (below). Then a page still on the clock as a
 *       non-resident test page is loaded hot at the head ({@code m_c + 1}, then {@code HAND_hot} runs while more
 *       than {@code m - m_c} pages are hot); any other page is loaded cold at the head in a new test period.</li>
 *   <li><b>{@code HAND_cold}</b>, at the oldest resident cold page: bit set and in its test period: the page becomes
 *       hot at the head, bit cleared ({@code m_c + 1}, then {@code HAND_hot} runs while more than {@code m - m_c}
 *       pages are hot); bit set and not in test: bit cleared, to the head, cold, in a new test period; bit clear:
 *       evicted, and it stays where it is as a non-resident test page if it was in its test period (then, while
 *       more than {@code m} pages are non-resident, {@code HAND_test} runs), else it leaves the clock. The hand
 *       goes on until it evicts one page.</li>
 *   <li><b>{@code HAND_hot}</b>, at the oldest hot page: bit set: cleared, the page stays hot at the head; bit
 *       clear: the page becomes cold at the head, not in test, and the hand stops. Every cold page now older than
 *       the oldest hot page (those the hand passed) ends its test period; a non-resident one leaves the clock.</li>
 *   <li><b>{@code HAND_test}</b>, at the oldest page in its test period: the period ends, and a non-resident page
 *       leaves the clock.</li>
 *   <li><b>{@code m_c}</b> (with {@code adaptive}): every test period ends with one change: {@code + 1} when the
 *       page was referenced during it (a fault on a non-resident test page, {@code HAND_cold} promoting a cold page,
 *       or {@code HAND_hot} or {@code HAND_test} ending the period of a resident page whose bit is set; the paper
 *       counts resident and non-resident cold pages alike), {@code - 1} when it was not (a non-resident page, or a
 *       resident one with its bit clear, whose period a hand ends). {@code m_c} stays within {@code [1, m - 1]}
 *       ({@code 1} with one frame), so that at least one page is cold and, with two frames or more, one hot.</li>
 * </ul>
 *
 * <p><b>Choices where the paper leaves room.</b> (1) It gives no start and no bounds for {@code m_c}; here it
 * starts at {@code max(1, floor(m * cold))} within the bounds above, {@code cold} 0.01 by default (LIRS's 1% for
 * its HIR pages; the authors' simulator, {@code clock-pro.c} by Song Jiang, holds 5% and at least 2 pages, with
 * adaptation compiled out by default). (2) It does not say how memory fills; here hot first, as in the authors'
 * simulator. (3) A cold page referenced out of its test period starts a new one as it goes to the head (LIRS puts
 * such a page on top of its stack). (4) Non-resident pages are bounded by {@code m} after each eviction, as the
 * paper's account of {@code HAND_test} says; its summary of a fault bounds the cold pages, resident or not, by
 * {@code m_c + m}, the same bound while {@code m_c} pages are resident cold. (5) A faulting non-resident test page
 * whose period a hand ended while {@code HAND_cold} freed a frame (counted {@code - 1} then) is loaded as a new cold
 * page. (6) Ending a test period leaves the reference bit as it is (the authors' simulator clears it). (7) The hot
 * pages are brought down to {@code m - m_c} only when a page is promoted, the only time {@code HAND_hot} runs: a
 * target changed in between takes effect at the next promotion (the paper leaves the target to the speeds of the
 * hands).
 *
 * <p><b>Runs.</b> Only the first reference of a run can fault; the others are hits that set the bit, so a page
 * loaded by a run of {@code k > 1} references has its bit set and a run is the same as its references one by one.
 * The faulting reference itself does not set the bit (a set bit means a reference since the page came to the head).
 *
 * <p><b>Cost.</b> A hit is a page-table lookup and a store. The hands are the tails of three intrusive
 * {@link PageLists} over arrays indexed by page, hot and resident cold (one instance) and in test (another), each
 * ordered by a {@code long} stamp per page taken when the page comes to the head, so no hand ever steps over a page
 * of another kind (on one circular list they would); whether a cold page is older than the oldest hot page is a
 * comparison of stamps. Each step of a hand clears a bit that only a hit sets, or evicts, promotes, demotes or ends
 * a test period, each bounded by the faults: O(1) amortized per reference, nothing allocated. Per page id seen:
 * 26 bytes (two lists and a stamp); per frame a reference bit and a {@link FrameTable} entry. A page is dirty from a
 * run that writes it until it is evicted, which then counts one write-back; pages still dirty at the end are not
 * counted.
 *
 * <p>Measures: {@code writeBacks}; {@code coldTarget}, the final {@code m_c}.
 */
public final class ClockPro implements PagingSimulator {

    /** The measure that reports the final cold target. */
    public static final String COLD_TARGET = "coldTarget";

    private static final int HOT = 0;
    private static final int COLD = 1;
    private static final int TEST = 0;

    private final FrameTable table;
    private final int frames;
    private final boolean adaptive;
    private final int maxCold;
    /** Resident pages: the hot ones, and the cold ones, each newest first. */
    private final PageLists resident = new PageLists("hot", "cold");
    /** Pages in their test period, resident cold or not resident, newest first. */
    private final PageLists test = new PageLists("test");
    /** Per page, when it last came to the head of the clock: the order of the clock. */
    private long[] stamp = new long[resident.capacity()];
    private long now;
    /** Per frame, whether its page was referenced since it came to the head or a hand cleared the bit. */
    private final boolean[] referenced;
    private int coldTarget;
    private int nonResident;

    /**
     * @param cold     the initial cold target as a share of the frames, {@code max(1, floor(frames * cold))} within
     *                 {@code [1, frames - 1]}
     * @param adaptive whether the cold target adapts (else it stays as {@code cold} sets it)
     */
    public ClockPro(int frames, double cold, boolean adaptive) {
        this.table = new FrameTable(frames);
        if (!(cold >= 0 && cold <= 1)) {
            throw new IllegalArgumentException("cold: " + cold + " (expected: 0 <= cold <= 1)");
        }
        this.frames = frames;
        this.adaptive = adaptive;
        this.maxCold = Math.max(1, frames - 1);
        this.coldTarget = initialColdTarget(frames, cold);
        this.referenced = new boolean[frames];
    }

    /** {@code max(1, floor(frames * cold))}, at most {@code max(1, frames - 1)}. */
    static int initialColdTarget(int frames, double cold) {
        return Math.min(Math.max(1, frames - 1), Math.max(1, (int) Math.floor(frames * cold)));
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                referenced[frame] = PageRun.count(run) > 1;
            } else {
                referenced[frame] = true;
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    private int fault(int x) {
        if (x >= resident.capacity()) {
            resident.grow(x);
            test.grow(x);
            stamp = Arrays.copyOf(stamp, resident.capacity());
        }
        int frame;
        if (!table.isFull()) {
            frame = table.load(x);
            referenced[frame] = false;
            if (resident.size(HOT) < frames - coldTarget) {
                toHead(HOT, x);
            } else {
                toHead(COLD, x);
                test.pushHead(TEST, x);
            }
            return frame;
        }
        frame = runHandCold();
        table.refill(frame, x);
        referenced[frame] = false;
        if (test.listOf(x) != PageLists.NONE) { // a non-resident test page: referenced in its test period
            test.remove(x);
            nonResident--;
            adapt(1);
            promote(x);
        } else {
            toHead(COLD, x);
            test.pushHead(TEST, x);
        }
        return frame;
    }

    /** Puts {@code page} at the head of {@code list} of the resident pages, taking it off the other if there. */
    private void toHead(int list, int page) {
        if (resident.listOf(page) == PageLists.NONE) {
            resident.pushHead(list, page);
        } else {
            resident.moveToHead(list, page);
        }
        stamp[page] = now++;
    }

    /** Makes the resident {@code page}, out of its test period, hot at the head; demotes while too many are hot. */
    private void promote(int page) {
        toHead(HOT, page);
        while (resident.size(HOT) > frames - coldTarget) {
            runHandHot();
        }
    }

    /** Runs {@code HAND_cold} until it evicts a page; returns the frame it vacated. */
    private int runHandCold() {
        while (true) {
            int page = resident.tail(COLD);
            int frame = table.frameOf(page);
            boolean inTest = test.listOf(page) != PageLists.NONE;
            if (referenced[frame]) {
                referenced[frame] = false;
                if (inTest) {
                    test.remove(page);
                    adapt(1);
                    promote(page);
                } else {
                    toHead(COLD, page);
                    test.pushHead(TEST, page);
                }
            } else {
                resident.remove(page);
                table.vacate(frame);
                if (inTest) {
                    nonResident++;
                    while (nonResident > frames) {
                        endTest(test.tail(TEST));
                    }
                }
                return frame;
            }
        }
    }

    /** Runs {@code HAND_hot} until it demotes a page, then ends the test periods of the cold pages it passed. */
    private void runHandHot() {
        while (true) {
            int page = resident.tail(HOT);
            int frame = table.frameOf(page);
            if (referenced[frame]) {
                referenced[frame] = false;
                toHead(HOT, page);
            } else {
                toHead(COLD, page);
                break;
            }
        }
        long oldestHot = resident.size(HOT) == 0 ? Long.MAX_VALUE : stamp[resident.tail(HOT)];
        while (test.size(TEST) > 0 && stamp[test.tail(TEST)] < oldestHot) {
            endTest(test.tail(TEST));
        }
    }

    /** Ends the test period of {@code page}: a non-resident page leaves the clock; adapts the cold target. */
    private void endTest(int page) {
        test.remove(page);
        int frame = table.frameOf(page);
        if (frame == FrameTable.MISSING) {
            nonResident--;
            adapt(-1);
        } else {
            adapt(referenced[frame] ? 1 : -1);
        }
    }

    private void adapt(int change) {
        if (adaptive) {
            coldTarget = Math.clamp(coldTarget + change, 1, maxCold);
        }
    }

    /** Forgets the counts; the clock, the bits, the dirty pages and the cold target stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    /**
     * Checks the lists and the frames: the hot and cold lists hold exactly the resident pages, the test list only
     * resident cold pages and the non-resident ones (at most {@code m}, as counted), each list in stamp order;
     * every page in test is younger than the oldest hot page; the cold target is within its bounds, and once memory
     * is full at least one page is cold.
     */
    @Override
    public void finish() {
        table.check();
        resident.check();
        test.check();
        int hot = resident.size(HOT);
        if (hot + resident.size(COLD) != table.loaded()) {
            throw new IllegalStateException(hot + " hot and " + resident.size(COLD) + " cold pages listed, "
                    + table.loaded() + " resident");
        }
        int gone = 0;
        for (int page = 0; page < resident.capacity(); page++) {
            boolean isResident = table.frameOf(page) != FrameTable.MISSING;
            byte list = resident.listOf(page);
            if (isResident == (list == PageLists.NONE)) {
                throw new IllegalStateException("page " + page + " resident " + isResident + ", listed " + list);
            }
            if (test.listOf(page) != PageLists.NONE) {
                if (list == HOT) {
                    throw new IllegalStateException("hot page " + page + " in a test period");
                }
                gone += isResident ? 0 : 1;
            }
        }
        checkOrder(resident, HOT);
        checkOrder(resident, COLD);
        checkOrder(test, TEST);
        if (gone != nonResident || nonResident > frames) {
            throw new IllegalStateException(gone + " non-resident test pages, counted " + nonResident + ", at most "
                    + frames);
        }
        if (hot > 0 && test.size(TEST) > 0 && stamp[test.tail(TEST)] < stamp[resident.tail(HOT)]) {
            throw new IllegalStateException("page " + test.tail(TEST) + " in test is older than the oldest hot page "
                    + resident.tail(HOT));
        }
        if (coldTarget < 1 || coldTarget > maxCold || (table.isFull() && hot > frames - 1 && frames > 1)) {
            throw new IllegalStateException("cold target " + coldTarget + " (1.." + maxCold + "), " + hot
                    + " hot pages in " + frames + " frames");
        }
    }

    private void checkOrder(PageLists lists, int list) {
        for (int page = lists.head(list); page != PageLists.NIL && lists.next(page) != PageLists.NIL;
                page = lists.next(page)) {
            if (stamp[page] <= stamp[lists.next(page)]) {
                throw new IllegalStateException("page " + page + " before an older-stamped page " + lists.next(page));
            }
        }
    }

    @Override
    public long faultsSoFar() {
        return table.faults();
    }

    @Override
    public PagingOutcome outcome() {
        return table.outcome(Map.entry(COLD_TARGET, coldTarget));
    }

    public int frames() {
        return frames;
    }

    /** The cold target {@code m_c} now. */
    public int coldTarget() {
        return coldTarget;
    }

    /**
     * The clock oldest first, then the cold target: each page with {@code h} (hot), {@code c} (resident cold) or
     * {@code n} (non-resident), {@code t} for a resident cold page in its test period, {@code *} for a set bit:
     * {@code "0h 2c* 3ct 1n; mc=1"}.
     */
    String describe() {
        int[] pages = new int[resident.size(HOT) + resident.size(COLD) + test.size(TEST)];
        int n = 0;
        for (int list = HOT; list <= COLD; list++) {
            for (int page = resident.head(list); page != PageLists.NIL; page = resident.next(page)) {
                pages[n++] = page;
            }
        }
        for (int page = test.head(TEST); page != PageLists.NIL; page = test.next(page)) {
            if (resident.listOf(page) == PageLists.NONE) {
                pages[n++] = page;
            }
        }
        int[] clock = Arrays.stream(pages, 0, n).boxed().sorted((a, b) -> Long.compare(stamp[a], stamp[b]))
                .mapToInt(Integer::intValue).toArray();
        StringBuilder out = new StringBuilder();
        for (int page : clock) {
            int frame = table.frameOf(page);
            out.append(out.isEmpty() ? "" : " ").append(page)
                    .append(frame == FrameTable.MISSING ? "n" : resident.listOf(page) == HOT ? "h" : "c")
                    .append(frame != FrameTable.MISSING && test.listOf(page) != PageLists.NONE ? "t" : "")
                    .append(frame != FrameTable.MISSING && referenced[frame] ? "*" : "");
        }
        return out.append("; mc=").append(coldTarget).toString();
    }
}
