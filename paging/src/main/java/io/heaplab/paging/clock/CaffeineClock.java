package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.util.Arrays;

/**
 * CLOCK as Caffeine's simulator runs it ({@code linked.Clock}, commit ccef955), {@code clock:variant=caffeine}: the
 * second-chance rule of {@link Clock} (Corbató 1968) on a queue, with the newcomer queued before the hand moves.
 *
 * <p>A page is queued at the tail, with its mark clear; a hit sets the mark. On a fault with memory full the new
 * page is queued first, then the hand looks at the head: a marked page is unmarked and moved to the tail, behind
 * the newcomer; the first unmarked page is evicted. Two things follow that {@link Clock} does not do: the pages the
 * hand passes on a fault come round again after the page that caused it, and when every resident page is marked
 * the hand clears them all and comes to the newcomer itself, which is evicted at once: that fault loads nothing,
 * and the page's next reference faults again (a run of {@code n > 1} references then faults twice; a run of one
 * that writes is written back at once, its write going straight to the backing store).
 *
 * <p>Cost: O(1) amortized per reference, nothing allocated: the queue is a {@link PageLists}, the marks a
 * {@code boolean[]} by page, the frames, dirty bits and write-backs a {@link FrameTable}.
 *
 * <p>Measures: {@code writeBacks}.
 */
public final class CaffeineClock implements PagingSimulator {

    private static final byte QUEUE = 0;

    private final FrameTable table;
    /** The queue, its tail (the newest) at {@link PageLists}' head. */
    private final PageLists queue = new PageLists("queue");
    private boolean[] marked = new boolean[queue.capacity()];

    public CaffeineClock(int frames) {
        this.table = new FrameTable(frames);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page);
            if (page >= marked.length) {
                queue.grow(page);
                marked = Arrays.copyOf(marked, queue.capacity());
            }
            long count = PageRun.count(run);
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
                if (frame == FrameTable.MISSING) { // it evicted itself
                    table.bypass(count == 1 && PageRun.isWrite(run)); // a run of one: its write goes straight out
                    if (count == 1) {
                        continue;
                    }
                    frame = fault(page); // its next reference: every mark is clear now, so another page leaves
                    count--;
                }
                count--; // the faulting reference leaves the mark clear
            }
            marked[page] |= count > 0;
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /**
     * Queues {@code page} and evicts by the hand: its frame, or {@link FrameTable#MISSING} if it evicted itself,
     * a fault the caller counts.
     */
    private int fault(int page) {
        if (!table.isFull()) {
            queue.pushHead(QUEUE, page);
            return table.load(page);
        }
        queue.pushHead(QUEUE, page);
        while (true) {
            int head = queue.tail(QUEUE);
            if (head == page) {
                queue.remove(page);
                return FrameTable.MISSING;
            }
            if (marked[head]) {
                marked[head] = false;
                queue.moveToHead(QUEUE, head);
                continue;
            }
            queue.remove(head);
            int frame = table.frameOf(head);
            table.replace(frame, page);
            return frame;
        }
    }

    /** Forgets the counts; the queue and the marks stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
    }

    /** Checks that the queue holds exactly the resident pages and only they are marked. */
    @Override
    public void finish() {
        table.check();
        queue.check();
        if (queue.size(QUEUE) != table.loaded()) {
            throw new IllegalStateException("the queue holds " + queue.size(QUEUE) + " pages, the frames "
                    + table.loaded());
        }
        for (int page = 0; page < marked.length; page++) {
            boolean queued = queue.listOf(page) == QUEUE;
            if (queued != (table.frameOf(page) != FrameTable.MISSING) || marked[page] && !queued) {
                throw new IllegalStateException("page " + page + " is queued, resident or marked inconsistently");
            }
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
        return table.frames();
    }
}
