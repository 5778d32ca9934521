package io.heaplab.paging.sieve;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.util.Map;

/**
 * SIEVE in a fixed number of frames (Zhang et al., "SIEVE is Simpler than LRU", NSDI 2024).
 *
 * <p>The resident pages form one FIFO queue, newest at the head, each with a visited bit. A page loaded on a fault
 * goes to the head with its bit clear; a hit sets the bit and moves nothing. On a fault with memory full the hand
 * (at the tail, the oldest page, when it points nowhere) walks towards the head: a visited page has its bit
 * cleared and stays where it is, the first unvisited page is evicted, and the hand stays at the next-newer page,
 * where the next eviction resumes. A hand that walks past the head wraps to the tail. Unlike CLOCK, a survivor is
 * never moved, so the pages newer than the hand are passed over until the hand comes round.
 *
 * <p><b>Runs.</b> A run of {@code k} references to one page is one reference followed by {@code k - 1} hits, so
 * the page is visited after a hit, or after a fault whose run holds more than one reference; only the first
 * reference can fault, and the outcome does not depend on how references were grouped into runs.
 *
 * <p><b>libCacheSim.</b> Its {@code Sieve.c} (commit aa0fc40) follows the paper: the same hand, the same wrap to
 * the tail, the same resting place after an eviction. heaplab's faults equal its misses (no variant needed).
 *
 * <p><b>Cost.</b> A hit costs a page-table lookup and a store; a fault O(1) amortized: each step of the hand clears
 * a bit that only a hit can set again, so the hand travels at most one step per hit plus one per fault. The queue
 * is an intrusive {@link PageLists} (9 bytes per page id seen), the visited bits a {@code boolean} per frame; the
 * frames, the page table, the dirty bits and the counts are a {@link FrameTable}. Nothing is allocated per
 * reference. A page is dirty from a run that writes it until it leaves memory; evicting a dirty page counts one
 * write-back, and pages still dirty when the run ends are not counted.
 *
 * <p>Measures: {@code writeBacks}; {@code meanPointerTravel}, the pages the hand examined per eviction (0.0 when
 * none), comparable with CLOCK's.
 */
public final class Sieve implements PagingSimulator {

    private static final int QUEUE = 0;

    private final FrameTable table;
    private final int frames;
    private final PageLists queue = new PageLists("queue");
    /** Per frame, whether its page was referenced since it was loaded or the hand last passed it. */
    private final boolean[] visited;
    /** The page the next eviction examines first, or {@link PageLists#NIL} for the tail. */
    private int hand = PageLists.NIL;

    private long evictions;
    private long pointerTravel;

    public Sieve(int frames) {
        this.table = new FrameTable(frames);
        this.frames = frames;
        this.visited = new boolean[frames];
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                visited[frame] = PageRun.count(run) > 1;
            } else {
                visited[frame] = true;
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Forgets the counts; the queue, the bits and the hand stay as they are. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
        evictions = 0;
        pointerTravel = 0;
    }

    private int fault(int page) {
        if (page >= queue.capacity()) {
            queue.grow(page);
        }
        int frame;
        if (!table.isFull()) {
            frame = table.load(page);
        } else {
            int victim = sweep();
            frame = table.frameOf(victim);
            queue.remove(victim);
            table.replace(frame, page);
        }
        queue.pushHead(QUEUE, page);
        return frame;
    }

    /** Moves the hand to the first unvisited page, clearing the bits it passes; returns it, the hand one beyond. */
    private int sweep() {
        evictions++;
        int page = hand == PageLists.NIL ? queue.tail(QUEUE) : hand;
        while (true) {
            pointerTravel++;
            int frame = table.frameOf(page);
            if (!visited[frame]) {
                hand = queue.prev(page);
                return page;
            }
            visited[frame] = false;
            page = queue.prev(page);
            if (page == PageLists.NIL) {
                page = queue.tail(QUEUE);
            }
        }
    }

    /** Checks that the page table and the frames agree, and that the queue holds exactly the resident pages. */
    @Override
    public void finish() {
        table.check();
        queue.check();
        if (queue.size(QUEUE) != table.loaded()) {
            throw new IllegalStateException(queue.size(QUEUE) + " pages queued, " + table.loaded() + " resident");
        }
        for (int page = queue.head(QUEUE); page != PageLists.NIL; page = queue.next(page)) {
            if (table.frameOf(page) == FrameTable.MISSING) {
                throw new IllegalStateException("page " + page + " queued but not resident");
            }
        }
        if (hand != PageLists.NIL && queue.listOf(hand) != QUEUE) {
            throw new IllegalStateException("hand on page " + hand + ", which is not queued");
        }
    }

    @Override
    public long faultsSoFar() {
        return table.faults();
    }

    @Override
    public PagingOutcome outcome() {
        return table.outcome(Map.entry("meanPointerTravel", evictions == 0 ? 0.0 : (double) pointerTravel / evictions));
    }

    public int frames() {
        return frames;
    }

    /** The queue oldest first, a visited page with a {@code *}, the hand's page in brackets: {@code 0* [2] 3}. */
    String describe() {
        StringBuilder out = new StringBuilder();
        for (int page = queue.tail(QUEUE); page != PageLists.NIL; page = queue.prev(page)) {
            out.append(out.isEmpty() ? "" : " ").append(page == hand ? "[" + page : page)
                    .append(visited[table.frameOf(page)] ? "*" : "").append(page == hand ? "]" : "");
        }
        return out.toString();
    }
}
