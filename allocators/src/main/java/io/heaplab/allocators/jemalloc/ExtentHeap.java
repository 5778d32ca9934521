package io.heaplab.allocators.jemalloc;

import io.heaplab.core.heap.HeapAccess;
import java.util.ArrayDeque;
import java.util.function.LongConsumer;

/**
 * A pairing heap of extent descriptors ordered by serial number, then address: jemalloc's {@code edata_heap_t}
 * ({@code ph.h} over {@code edata_snad_comp}, 5.3.0), which both a bin's non-full slabs and each size class of an
 * extent set are. Its links live in the descriptors ({@link Edata#PREV}, {@link Edata#NEXT}, {@link Edata#CHILD})
 * and its root in a slot of the arena's metadata, both in base memory, so every step is a recorded reference.
 *
 * <p>Insertion melds the new node with the root; removing the first node melds its children in two passes (pairs
 * left to right, then the pairs right to left); removing any other node cuts it out of its sibling list and melds
 * its children's heap with the root. All are O(log n) amortized. (jemalloc inserts into an auxiliary list that it
 * melds lazily; the order of the nodes taken out is the same.)
 */
final class ExtentHeap {

    private final HeapAccess m;
    private final Edata ed;

    ExtentHeap(HeapAccess m, Edata ed) {
        this.m = m;
        this.ed = ed;
    }

    boolean isEmpty(long root) {
        return m.getLong(root) == 0;
    }

    /** The first node, or 0. */
    long first(long root) {
        return m.getLong(root);
    }

    void insert(long root, long e) {
        ed.link(e, Edata.PREV, 0);
        ed.link(e, Edata.NEXT, 0);
        ed.link(e, Edata.CHILD, 0);
        m.setLong(root, meld(m.getLong(root), e));
    }

    /** Takes out and returns the first node, or 0 when the heap is empty. */
    long removeFirst(long root) {
        long top = m.getLong(root);
        if (top != 0) {
            m.setLong(root, mergePairs(ed.link(top, Edata.CHILD)));
        }
        return top;
    }

    void remove(long root, long e) {
        if (m.getLong(root) == e) {
            removeFirst(root);
            return;
        }
        long prev = ed.link(e, Edata.PREV);
        long next = ed.link(e, Edata.NEXT);
        if (ed.link(prev, Edata.CHILD) == e) {
            ed.link(prev, Edata.CHILD, next);
        } else {
            ed.link(prev, Edata.NEXT, next);
        }
        if (next != 0) {
            ed.link(next, Edata.PREV, prev);
        }
        long sub = mergePairs(ed.link(e, Edata.CHILD));
        m.setLong(root, meld(m.getLong(root), sub));
    }

    /** Two roots (no siblings, no parent) as one, the later made the first child of the earlier. */
    private long meld(long a, long b) {
        if (a == 0) {
            return b;
        }
        if (b == 0) {
            return a;
        }
        if (ed.compare(b, a) < 0) {
            long t = a;
            a = b;
            b = t;
        }
        long child = ed.link(a, Edata.CHILD);
        ed.link(b, Edata.NEXT, child);
        if (child != 0) {
            ed.link(child, Edata.PREV, b);
        }
        ed.link(b, Edata.PREV, a);
        ed.link(a, Edata.CHILD, b);
        return a;
    }

    /** The siblings from {@code first} on as one heap: melded in pairs left to right, then right to left. */
    private long mergePairs(long first) {
        long pairs = 0;
        long a = first;
        while (a != 0) {
            long b = ed.link(a, Edata.NEXT);
            long after = b == 0 ? 0 : ed.link(b, Edata.NEXT);
            detach(a);
            if (b != 0) {
                detach(b);
            }
            long pair = meld(a, b);
            // the pairs, last first, linked through NEXT
            ed.link(pair, Edata.NEXT, pairs);
            pairs = pair;
            a = after;
        }
        long heap = 0;
        while (pairs != 0) {
            long rest = ed.link(pairs, Edata.NEXT);
            ed.link(pairs, Edata.NEXT, 0);
            heap = meld(pairs, heap);
            pairs = rest;
        }
        if (heap != 0) {
            ed.link(heap, Edata.PREV, 0);
        }
        return heap;
    }

    private void detach(long e) {
        ed.link(e, Edata.PREV, 0);
        ed.link(e, Edata.NEXT, 0);
    }

    /**
     * Checks the links under {@code root} (each child's PREV names its parent or left sibling, every node comes
     * after its parent) and returns the number of nodes; {@code visitor} sees each one.
     */
    int verify(long root, LongConsumer visitor) {
        long top = m.getLong(root);
        if (top == 0) {
            return 0;
        }
        if (ed.link(top, Edata.PREV) != 0 || ed.link(top, Edata.NEXT) != 0) {
            throw new IllegalStateException("heap root " + top + " has a parent or sibling");
        }
        return verifyNode(top, visitor);
    }

    private int verifyNode(long top, LongConsumer visitor) {
        ArrayDeque<Long> todo = new ArrayDeque<>();
        todo.push(top);
        int n = 0;
        while (!todo.isEmpty()) {
            long node = todo.pop();
            visitor.accept(node);
            n++;
            long prev = node;
            for (long c = ed.link(node, Edata.CHILD); c != 0; c = ed.link(c, Edata.NEXT)) {
                if (ed.link(c, Edata.PREV) != prev) {
                    throw new IllegalStateException("heap node " + c + ": prev " + ed.link(c, Edata.PREV)
                            + " (expected: " + prev + ")");
                }
                if (ed.compare(c, node) < 0) {
                    throw new IllegalStateException("heap node " + c + " comes before its parent " + node);
                }
                todo.push(c);
                prev = c;
            }
        }
        return n;
    }
}
