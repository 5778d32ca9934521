package io.heaplab.paging.opt;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.stack.StackCurve;

/**
 * OPT faults, write-backs and mean resident pages for every memory size in one pass, by the OPT stack of Mattson,
 * Gecsei, Slutz &amp; Traiger (1970), which makes Belady's MIN (1966) a stack algorithm.
 *
 * <p>A page's priority is the time of its next reference: sooner is higher (ties among pages never referenced
 * again broken by page, as {@link Opt} breaks them, so each memory size makes {@link Opt}'s very choices). With
 * {@code f} frames MIN holds exactly the top {@code f} pages of the stack. On a reference to {@code x} at depth
 * {@code d}, {@code x} goes to the top and the page it displaces is carried down positions 2..d-1: at each, the
 * higher-priority of the carried and the resident page stays and the other is carried on; the last one carried
 * takes position {@code d}, which {@code x} left. A first reference has {@code d} infinite: the carry runs to the
 * bottom and the stack grows. At position {@code p} the carried page is the lowest-priority page of the top
 * {@code p-1}, the victim of a memory of {@code p-1} frames, so every size is simulated at once, and an
 * unreferenced page only sinks, as {@link StackCurve} needs for the write-backs.
 *
 * <p>It buffers every run and simulates in {@link #finish()}, after a backward pass for the next uses;
 * {@link #outcome()} gives an empty curve until then.
 *
 * <p>Cost: 12 bytes per run and O(distinct pages) tables; time O(d) per run at depth {@code d}, O(distinct pages)
 * per first reference: O(runs &times; distinct pages) at worst, far less when references are local.
 */
public final class OptStack implements PagingSimulator {

    private final RunBuffer trace = new RunBuffer();
    private final StackCurve curve = new StackCurve();
    /** Per page: its depth in the final stack, from 1; 0 for a page never referenced. */
    private int[] depth = new int[0];

    @Override
    public void accept(long[] runs, int length) {
        trace.append(runs, length);
    }

    /** Marks where counting begins; the buffered warm-up still shapes the stack when it is simulated. */
    @Override
    public void startMeasuring() {
        trace.markMeasured();
    }

    /** Simulates the buffered trace through the stack and checks it. */
    @Override
    public void finish() {
        int[] nextUse = trace.nextUses();
        int pages = trace.pages();
        int[] stack = new int[pages];
        long[] priority = new long[pages];
        depth = new int[pages];
        int size = 0;
        for (int i = 0; i < trace.length(); i++) {
            if (i == trace.measuredFrom()) {
                curve.startMeasuring(this::depthOf);
            }
            long run = trace.run(i);
            int page = PageRun.page(run);
            int d = depth[page];
            int end;
            if (d == 0) {
                curve.firstReference(page, run);
                end = size++;
            } else {
                curve.reReference(page, d, run);
                end = d - 1;
            }
            priority[page] = RunBuffer.priority(nextUse[i], page);
            if (end > 0) {
                carryDown(stack, priority, end);
            }
            stack[0] = page;
            depth[page] = 1;
        }
        if (trace.measuredFrom() == trace.length()) {
            curve.startMeasuring(this::depthOf);
        }
        verify(stack, size);
        curve.verify();
    }

    /**
     * Carries the top page down positions 1..end-1 (from 0), keeping the higher priority (smaller key) at each,
     * and leaves the last one carried at {@code end}; position 0 is then free for the referenced page.
     */
    private void carryDown(int[] stack, long[] priority, int end) {
        int carried = stack[0];
        long carriedKey = priority[carried];
        for (int p = 1; p < end; p++) {
            int resident = stack[p];
            long residentKey = priority[resident];
            if (carriedKey < residentKey) {
                stack[p] = carried;
                depth[carried] = p + 1;
                carried = resident;
                carriedKey = residentKey;
            }
        }
        stack[end] = carried;
        depth[carried] = end + 1;
    }

    private int depthOf(int page) {
        return depth[page];
    }

    private void verify(int[] stack, int size) {
        for (int p = 0; p < size; p++) {
            if (depth[stack[p]] != p + 1) {
                throw new IllegalStateException("page " + stack[p] + " at position " + (p + 1) + " has depth "
                        + depth[stack[p]]);
            }
        }
        if (size != curve.distinct()) {
            throw new IllegalStateException(size + " pages in the stack for " + curve.distinct() + " referenced");
        }
    }

    /** The curve of the measured phase; empty before {@link #finish()}. */
    @Override
    public PagingOutcome outcome() {
        return curve.outcome(this::depthOf);
    }
}
