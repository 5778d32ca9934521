package io.heaplab.paging.opt;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import java.util.Map;

/**
 * Belady's optimal replacement MIN (Belady 1966) in a fixed number of frames: on a fault in a full memory, evict
 * the page whose next use is farthest in the future (a page never used again first; among those, the lowest).
 *
 * <p>It needs the future, so it buffers every run and simulates in {@link #finish()}: a backward pass finds each
 * run's next use, then a forward pass keeps the resident pages in a max-heap on next use. The memory evolves from
 * the first run; faults and write-backs count from the run at which {@link #startMeasuring()} was called.
 * {@link #outcome()} reports 0 faults and 0 write-backs until {@link #finish()} has run.
 *
 * <p>{@code variant=caffeine} is the rule of Caffeine's simulator ({@code opt.Clairvoyant}, commit ccef955), which
 * is not demand paging: the faulting page joins the others before the victim is chosen, so when its next use is
 * the farthest it is the victim and is never loaded (a write to it goes straight out, a write-back); and pages
 * never used again leave oldest last reference first. A run of more than one reference is used again at once, so
 * it is always loaded.
 *
 * <p>Cost: 12 bytes per run (the buffer and the next uses), O(pages) tables, and O(log f) time per run.
 */
public final class Opt implements PagingSimulator {

    private final int frames;
    private final boolean caffeine;
    private final RunBuffer trace = new RunBuffer();
    private long faults;
    private long writeBacks;

    public Opt(int frames) {
        this(frames, false);
    }

    /** With {@code caffeine}, the rule of Caffeine's Clairvoyant policy (above). */
    public Opt(int frames, boolean caffeine) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
        }
        this.frames = frames;
        this.caffeine = caffeine;
    }

    @Override
    public void accept(long[] runs, int length) {
        trace.append(runs, length);
    }

    /** Marks where counting begins; the buffered warm-up still shapes the memory when it is simulated. */
    @Override
    public void startMeasuring() {
        trace.markMeasured();
    }

    /** Simulates the buffered trace and checks the heap. */
    @Override
    public void finish() {
        OptMemory memory = new OptMemory(frames, trace, trace.nextUses(), caffeine);
        while (memory.hasNext()) {
            if (memory.position() == trace.measuredFrom()) {
                memory.resetCounts();
            }
            memory.step();
        }
        if (trace.measuredFrom() == trace.length()) {
            memory.resetCounts();
        }
        memory.verify();
        faults = memory.faults();
        writeBacks = memory.writeBacks();
    }

    /** Faults and write-backs of the measured phase; both 0 before {@link #finish()}. */
    @Override
    public PagingOutcome outcome() {
        return new PagingOutcome.Faults(faults, Map.of(PagingOutcome.WRITE_BACKS, writeBacks));
    }

    public int frames() {
        return frames;
    }
}
