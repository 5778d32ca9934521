package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * Pure working set memory management as Carr &amp; Hennessy simulate it: LR(p) recorded at every reference, and a page
 * released into the available set A when VT - LR(p) reaches theta, while it stays resident; the commitment is |W|.
 */
final class WorkingSetMemory extends AvailableSetMemory {

    WorkingSetMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
    }

    @Override
    void touch(Task task, int page, boolean write, long at) {
        super.touch(task, page, write, at);
        task.referenced(page, at);
    }

    @Override
    void opened(Task task, int page, long at) {
        task.opened(page);
    }

    @Override
    void closed(Task task, int page, long at) {
        task.closed(page, at);
    }

    @Override
    void advance(Task task) {
        for (int p = task.oldestInW(); p >= 0 && task.vt - task.lr[p] >= theta; p = task.oldestInW()) {
            release(task, task.leaveW());
        }
    }

    @Override
    boolean shrink(Task task) {
        while (task.oldestInW() >= 0) {
            if (release(task, task.leaveW())) {
                return true;
            }
        }
        // IRIM: only pages of open periods are left; one goes, faulted back at its next event
        for (int page = 0; page < task.irimActive.length; page++) {
            if (task.irimActive[page] && release(task, page)) {
                        return true;
            }
        }
        return false;
    }

    @Override
    long commitment(Task task) {
        return task.wSize;
    }
}
