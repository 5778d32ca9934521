package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * Global CLOCK (Corbató 1968): one hand over all frames, whoever owns them. To find a frame the hand advances,
 * clearing set use bits; the first page with its use bit clear, or of an inactive task, is replaceable: a dirty one
 * is queued for cleaning and passed over, a clean one replaced. No working set is kept, so the load control cannot
 * count commitments: a feedback rule on the paging devices' busy time decides the multiprogramming level instead.
 */
final class ClockMemory extends ClockHandMemory {

    /** Frames holding no page: taken before any page is replaced. */
    private int free;

    ClockMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
        free = frames;
    }

    @Override
    void reading(int frame, Task task, int page) {
        super.reading(frame, task, page);
        use[frame] = true; // it is about to be used
    }

    @Override
    int replace(Task task) {
        if (free > 0) {
            for (int f = 0; f < frames; f++) {
                if (state[f] == FREE) {
                    free--;
                    freeFrames++;
                    return f;
                }
            }
        }
        // two circuits: the first may only clear use bits
        for (int i = 0; i < 2 * frames; i++) {
            int f = (hand + 1 + i) % frames;
            framesExamined++;
            if (state[f] != USED) {
                continue;
            }
            Task o = tasks.get(owner[f]);
            if (o.fresh && o.freshFrame == f && o.active) {
                continue; // its page was just read and not used yet: taking it could repeat for ever
            }
            if (used(f) && o.active) {
                use[f] = false;
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
        for (int f = 0; f < frames; f++) {
            if (state[f] == USED && owner[f] == task.id && used(f)) {
                use[f] = false;
                task.irimActive[page[f]] = false; // IRIM: given up, so no longer counted as referenced
                return true;
            }
        }
        return false;
    }

    @Override
    long commitment(Task task) {
        return task.resident;
    }

    @Override
    void free(int frame) {
        super.free(frame);
        free++;
    }
}
