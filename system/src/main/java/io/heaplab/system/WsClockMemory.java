package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * WSCLOCK (Carr &amp; Hennessy 1981): the frames in one circle and a hand at the frame last replaced. To find a frame
 * the hand advances, testing and clearing each use bit: set, LR(p) becomes the owner's VT; clear and VT - LR(p) at
 * least theta, the page leaves W. Then a page is replaceable when it is out of W or its task is inactive; a dirty one is
 * queued for cleaning and passed over, a clean one is replaced and the hand stays on it. A full circuit without a
 * clean replaceable page is overcommitment.
 */
final class WsClockMemory extends ClockHandMemory {

    private final long[] lastReference;
    private final boolean[] inW;

    WsClockMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
        lastReference = new long[frames];
        inW = new boolean[frames];
    }

    @Override
    void reading(int frame, Task task, int page) {
        super.reading(frame, task, page);
        lastReference[frame] = task.vt;
        inW[frame] = true;
        task.rw++;
    }

    @Override
    void evict(int frame) {
        if (owner[frame] >= 0 && inW[frame]) {
            tasks.get(owner[frame]).rw--;
        }
        inW[frame] = false;
        super.evict(frame);
    }

    @Override
    int replace(Task task) {
        for (int i = 0; i < frames; i++) {
            int f = (hand + 1 + i) % frames;
            framesExamined++;
            if (state[f] == FREE) {
                hand = f;
                freeFrames++;
                return f;
            }
            if (state[f] != USED) {
                continue; // being read or written
            }
            Task o = tasks.get(owner[f]);
            if (used(f)) {
                use[f] = false;
                lastReference[f] = o.vt;
                if (!inW[f]) {
                    inW[f] = true;
                    o.rw++;
                }
            } else if (inW[f] && o.vt - lastReference[f] >= theta) {
                inW[f] = false;
                o.rw--;
            }
            if (inW[f] && o.active) {
                continue;
            }
            if (takes(f)) {
                return f;
            }
        }
        return nothingReplaceable();
    }

    @Override
    boolean shrink(Task task) {
        // the only active task wants more than memory: its page at the hand that was not just used goes
        for (int i = 0; i < frames; i++) {
            int f = (hand + 1 + i) % frames;
            if (state[f] == USED && owner[f] == task.id && inW[f] && !use[f]) {
                task.irimActive[page[f]] = false; // IRIM: given up, so no longer counted as referenced
                inW[f] = false;
                task.rw--;
                return true;
            }
        }
        for (int i = 0; i < frames; i++) {
            int f = (hand + 1 + i) % frames;
            if (state[f] == USED && owner[f] == task.id && inW[f]) {
                use[f] = false;
                task.irimActive[page[f]] = false;
                inW[f] = false;
                task.rw--;
                return true;
            }
        }
        return false;
    }

    @Override
    long commitment(Task task) {
        return task.rw;
    }
}
