package io.heaplab.paging.opt;

import io.heaplab.core.trace.PageRun;

/**
 * A memory of {@code f} frames under Belady's MIN (Belady 1966), stepped run by run over a buffered trace: a fault
 * in a full memory evicts the resident page whose next use is farthest (never used again is farthest; among
 * those, the lowest page). O(log f) per run, for the heap of next uses; no allocation.
 */
final class OptMemory {

    private final int frames;
    private final RunBuffer trace;
    private final int[] nextUse;
    private final IndexedMaxHeap resident;
    private final boolean[] dirty;
    /** Caffeine's Clairvoyant: the newcomer may be the victim, and pages never used again go oldest first. */
    private final boolean caffeine;
    private int at;
    private long faults;
    private long writeBacks;

    OptMemory(int frames, RunBuffer trace, int[] nextUse) {
        this(frames, trace, nextUse, false);
    }

    /** With {@code caffeine}, the rule of Caffeine's {@code opt.Clairvoyant}: see {@link Opt}. */
    OptMemory(int frames, RunBuffer trace, int[] nextUse, boolean caffeine) {
        this.caffeine = caffeine;
        this.frames = frames;
        this.trace = trace;
        this.nextUse = nextUse;
        this.resident = new IndexedMaxHeap(Math.min(frames, trace.pages()), trace.pages());
        this.dirty = new boolean[trace.pages()];
    }

    /** Whether another run is left. */
    boolean hasNext() {
        return at < trace.length();
    }

    /** The index of the next run to step over. */
    int position() {
        return at;
    }

    /** References the next run's page, loading it on a fault. */
    void step() {
        long run = trace.run(at);
        int page = PageRun.page(run);
        long key = caffeine ? caffeinePriority(nextUse[at], at) : RunBuffer.priority(nextUse[at], page);
        at++;
        if (resident.contains(page)) {
            resident.changeKey(page, key);
        } else {
            faults++;
            if (caffeine && resident.size() == frames && PageRun.count(run) == 1 && key > resident.topKey()) {
                // used farther ahead than every resident page: the newcomer leaves at once, its write goes out
                writeBacks += PageRun.isWrite(run) ? 1 : 0;
                return;
            }
            if (resident.size() < frames) {
                resident.insert(page, key);
            } else {
                int victim = resident.top();
                if (dirty[victim]) {
                    writeBacks++;
                    dirty[victim] = false;
                }
                resident.replaceTop(page, key);
            }
        }
        dirty[page] |= PageRun.isWrite(run);
    }

    /**
     * Caffeine's order of victims: the farther the next use the larger; a page never used again above them all,
     * the older its last reference the larger (its timestamps count down from the largest).
     */
    static long caffeinePriority(int nextUse, int at) {
        return nextUse == RunBuffer.NEVER ? Long.MAX_VALUE - at : nextUse;
    }

    boolean isResident(int page) {
        return page >= 0 && page < dirty.length && resident.contains(page);
    }

    /** Forgets the counts, keeping the memory. */
    void resetCounts() {
        faults = 0;
        writeBacks = 0;
    }

    long faults() {
        return faults;
    }

    long writeBacks() {
        return writeBacks;
    }

    void verify() {
        resident.verify();
        if (resident.size() > frames) {
            throw new IllegalStateException(resident.size() + " pages resident in " + frames + " frames");
        }
    }
}
