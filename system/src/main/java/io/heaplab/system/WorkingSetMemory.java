package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * Pure working set memory management as Carr &amp; Hennessy simulate it: LR(p) recorded at every reference, a page
 * removed from W when VT - LR(p) reaches theta and put in the available set A while it stays resident, reclaimed
 * from A without I/O when referenced again, dirty pages in A cleaned before they may be replaced, and a clean frame
 * of A (free frames first) given to each read.
 */
final class WorkingSetMemory extends Memory {

    /** A, in the order frames joined it: a doubly-linked list over frame indices. */
    private final int[] aPrev;
    private final int[] aNext;
    private final boolean[] inA;
    private int aHead = -1;
    private int aTail = -1;

    WorkingSetMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
        aPrev = new int[frames];
        aNext = new int[frames];
        inA = new boolean[frames];
        for (int f = 0; f < frames; f++) {
            append(f);
        }
    }

    @Override
    boolean usable(int frame) {
        return (state[frame] == USED || state[frame] == WRITING) && !inA[frame];
    }

    @Override
    boolean reclaim(Task task, int page) {
        int f = task.frameOf[page];
        if (f < 0 || !inA[f] || state[f] == READING) {
            return false;
        }
        remove(f);
        reclaims++;
        return true;
    }

    @Override
    void touch(Task task, int page, boolean write, long at) {
        if (write) {
            dirty[task.frameOf[page]] = true;
        }
        task.referenced(page, at);
    }

    @Override
    void advance(Task task) {
        while (task.head >= 0 && task.vt - task.lr[task.head] >= theta) {
            toA(task, task.leaveW());
        }
    }

    private void toA(Task task, int page) {
        int f = task.frameOf[page];
        if (f >= 0 && !inA[f] && state[f] != READING) {
            append(f);
            if (dirty[f]) {
                clean(f);
            }
        }
    }

    @Override
    int replace(Task task) {
        for (int f = aHead; f >= 0; f = aNext[f]) {
            if (state[f] == FREE || (state[f] == USED && !dirty[f])) {
                remove(f);
                evict(f);
                return f;
            }
        }
        if (aHead < 0) {
            return nothingReplaceable();
        }
        for (int f = aHead; f >= 0; f = aNext[f]) {
            if (dirty[f]) {
                clean(f); // a dirty page in A is cleaned before it can be replaced
            }
        }
        return WAIT;
    }

    @Override
    boolean shrink(Task task) {
        while (task.head >= 0) {
            int page = task.leaveW();
            int f = task.frameOf[page];
            if (f >= 0 && !inA[f] && state[f] != READING) {
                toA(task, page);
                return true;
            }
        }
        return false;
    }

    @Override
    long commitment(Task task) {
        return task.wSize;
    }

    @Override
    void deactivated(Task task) {
        for (int p = 0; p < task.frameOf.length; p++) {
            toA(task, p);
        }
    }

    @Override
    void loaded(int frame) {
        super.loaded(frame);
        Task task = tasks.get(owner[frame]);
        if (!task.active) {
            toA(task, page[frame]); // deactivated while its page was read
        }
    }

    @Override
    boolean needsCleaning(int frame) {
        return inA[frame];
    }

    @Override
    void cleaned(int frame) {
        super.cleaned(frame);
        if (inA[frame] && dirty[frame]) {
            clean(frame); // written to during its cleaning
        }
    }

    @Override
    void free(int frame) {
        if (inA[frame]) {
            remove(frame);
        }
        evict(frame);
        append(frame);
    }

    private void append(int f) {
        inA[f] = true;
        aPrev[f] = aTail;
        aNext[f] = -1;
        if (aTail >= 0) {
            aNext[aTail] = f;
        } else {
            aHead = f;
        }
        aTail = f;
    }

    private void remove(int f) {
        inA[f] = false;
        int p = aPrev[f];
        int n = aNext[f];
        if (p >= 0) {
            aNext[p] = n;
        } else {
            aHead = n;
        }
        if (n >= 0) {
            aPrev[n] = p;
        } else {
            aTail = p;
        }
    }
}
