package io.heaplab.system;

import java.util.ArrayList;
import java.util.List;

/**
 * Requests waiting for a paging device: reads of faulted pages and writes of dirty ones. Carr &amp; Hennessy's order
 * serves reads before writes and, under LT/RT, reads of running tasks before reads of loading tasks; first come
 * first served within each class, or across all when reads do not go first.
 */
final class PagingQueue {

    /** A waiting request: a read of {@code task}'s {@code page}, or a write of {@code frame} when task is null. */
    record Request(long seq, Task task, int page, int frame) {
        boolean isRead() {
            return task != null;
        }
    }

    private final boolean readsFirst;
    private final boolean runningFirst;
    private final List<Request> waiting = new ArrayList<>();
    private long seq;

    PagingQueue(boolean readsFirst, boolean runningFirst) {
        this.readsFirst = readsFirst;
        this.runningFirst = runningFirst;
    }

    void read(Task task, int page) {
        waiting.add(new Request(seq++, task, page, -1));
    }

    void write(int frame) {
        waiting.add(new Request(seq++, null, -1, frame));
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** Takes the request to serve next, or null. */
    Request take() {
        return take(true);
    }

    /** Takes the next write, or null. */
    Request takeWrite() {
        return take(false);
    }

    private Request take(boolean readsAllowed) {
        Request best = null;
        int bestClass = Integer.MAX_VALUE;
        for (Request r : waiting) {
            if (r.isRead() && !readsAllowed) {
                continue;
            }
            int c = readsFirst ? (r.isRead() ? (runningFirst && r.task().loading ? 1 : 0) : 2) : 0;
            if (c < bestClass) { // the earliest of the best class: the list is in arrival order
                best = r;
                bestClass = c;
            }
        }
        if (best != null) {
            waiting.remove(best);
        }
        return best;
    }

    /** Puts a request taken but not served back where it was. */
    void putBack(Request request) {
        int at = 0;
        while (at < waiting.size() && waiting.get(at).seq() < request.seq()) {
            at++;
        }
        waiting.add(at, request);
    }

    /** Drops {@code task}'s read, if it is waiting; whether it was. */
    boolean cancel(Task task) {
        return waiting.removeIf(r -> r.task() == task);
    }
}
