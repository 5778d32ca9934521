package io.heaplab.system;

import io.heaplab.paging.PageLists;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Memory managed with Denning's available set A: pages a task's policy has released stay resident in A, in the order
 * they joined it, and are reclaimed without I/O when referenced again before they are replaced; a read takes a clean
 * frame of A (free frames first), and dirty pages in A are cleaned before they may be replaced. What releases a page
 * into A is the policy's: the working-set window (pure WS) or the page-fault frequency (PFF).
 */
abstract class AvailableSetMemory extends Memory {

    /** A's frames, the latest to join at the head; the one list of {@code a}. */
    private static final int A = 0;
    private final PageLists a = new PageLists("A");

    AvailableSetMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
        if (frames > a.capacity()) {
            a.grow(frames - 1);
        }
        for (int f = 0; f < frames; f++) {
            append(f);
        }
    }

    @Override
    boolean usable(int frame) {
        return (state[frame] == USED || state[frame] == WRITING) && !inA(frame);
    }

    @Override
    boolean reclaim(Task task, int page) {
        int f = task.frameOf[page];
        if (f < 0 || !inA(f) || state[f] == READING) {
            return false;
        }
        remove(f);
        reclaims++;
        return true;
    }

    /** Whether {@code frame} is in A. */
    final boolean available(int frame) {
        return inA(frame);
    }

    /** Releases {@code task}'s resident {@code page} into A, queueing it for cleaning if dirty; whether it went. */
    final boolean release(Task task, int page) {
        int f = task.frameOf[page];
        if (f >= 0 && !inA(f) && state[f] != READING) {
            append(f);
            if (dirty[f]) {
                clean(f);
            }
            return true;
        }
        return false;
    }

    @Override
    int replace(Task task) {
        for (int f = a.tail(A); f >= 0; f = a.prev(f)) {
            if (state[f] == FREE || (state[f] == USED && !dirty[f])) {
                freeFrames += state[f] == FREE ? 1 : 0;
                remove(f);
                evict(f);
                return f;
            }
        }
        if (a.size(A) == 0) {
            return nothingReplaceable();
        }
        for (int f = a.tail(A); f >= 0; f = a.prev(f)) {
            if (dirty[f]) {
                clean(f); // a dirty page in A is cleaned before it can be replaced
            }
        }
        return WAIT;
    }

    @Override
    long commitment(Task task) {
        return task.resident - task.available;
    }

    @Override
    void deactivated(Task task) {
        for (int p = 0; p < task.frameOf.length; p++) {
            release(task, p);
        }
    }

    @Override
    void loaded(int frame) {
        super.loaded(frame);
        Task task = tasks.get(owner[frame]);
        if (!task.active) {
            release(task, page[frame]); // deactivated while its page was read
        }
    }

    @Override
    boolean needsCleaning(int frame) {
        return inA(frame);
    }

    @Override
    void cleaned(int frame) {
        super.cleaned(frame);
        if (inA(frame) && dirty[frame]) {
            clean(frame); // written to during its cleaning
        }
    }

    @Override
    void free(int frame) {
        if (inA(frame)) {
            remove(frame);
        }
        evict(frame);
        append(frame);
    }

    @Override
    void verify() {
        super.verify();
        a.check();
        int[] inAOf = new int[tasks.size()];
        for (int f = 0; f < frames; f++) {
            if (inA(f) && owner[f] >= 0) {
                inAOf[owner[f]]++;
            }
        }
        for (Task task : tasks) {
            if (inAOf[task.id] != task.available) {
                throw new IllegalStateException(task + " counts " + task.available + " pages in A, has "
                        + inAOf[task.id]);
            }
        }
    }

    private boolean inA(int f) {
        return a.listOf(f) != PageLists.NONE;
    }

    private void append(int f) {
        a.pushHead(A, f);
        if (owner[f] >= 0) {
            tasks.get(owner[f]).available++;
        }
    }

    private void remove(int f) {
        a.remove(f);
        if (owner[f] >= 0) {
            tasks.get(owner[f]).available--;
        }
    }
}
