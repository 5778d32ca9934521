package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * The page-fault-frequency policy (Chu &amp; Opderbeck 1972): a task's resident set changes only when it faults. At a
 * fault more than theta references of its virtual time after its last one, the pages it has not used since that
 * fault are released into the available set A; at a closer fault nothing is released, so the set grows. The faulted
 * page joins either way, and the use bits of the task's pages are cleared. The commitment is the resident set.
 */
final class PffMemory extends AvailableSetMemory {

    PffMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
    }

    @Override
    boolean reclaim(Task task, int page) {
        int f = task.frameOf[page];
        if (f < 0 || !available(f) || state[f] == READING) {
            return false;
        }
        faulted(task); // out of the resident set: a fault for PFF's sake, though served without I/O
        return super.reclaim(task, page);
    }

    @Override
    void faulted(Task task) {
        boolean far = task.vt - task.lastFaultVt > theta;
        for (int p = 0; p < task.frameOf.length; p++) {
            int f = task.frameOf[p];
            if (f >= 0) {
                if (far && !used(f) && !available(f) && state[f] != READING) {
                    release(task, p);
                }
                use[f] = false;
            }
        }
        task.lastFaultVt = task.vt;
    }

    @Override
    void advance(Task task) {
        // PFF looks only at faults
    }

    @Override
    boolean shrink(Task task) {
        int fallback = -1;
        for (int p = 0; p < task.frameOf.length; p++) {
            int f = task.frameOf[p];
            if (f >= 0 && !available(f) && state[f] != READING) {
                if (!used(f)) {
                    return release(task, p);
                }
                fallback = p;
            }
        }
        return fallback >= 0 && release(task, fallback);
    }
}
