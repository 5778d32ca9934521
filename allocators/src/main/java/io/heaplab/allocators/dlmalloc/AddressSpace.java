package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import java.util.Arrays;

/**
 * The kernel's side of glibc malloc's memory (Linux {@code brk(2)}, {@code mmap(2)}, {@code munmap(2)}) laid onto
 * heaplab's one growable heap: the program break that {@code sbrk} moves, the regions {@code mmap} hands out, and
 * the holes {@code munmap} leaves, which heaplab's heap cannot give back and so offers to the next {@code mmap}.
 *
 * <pre>
 *  heap  | malloc_state | arena (sbrk'd) ........ top | mmapped | hole | mmapped | arena again (after a jump) ..|
 *                                                      ^ break before the jump                 break ^
 * </pre>
 *
 * In a process the break and the mappings are far apart and never meet; here they share one address space, so a
 * mapping placed at the end of the heap stands in the break's way. {@link #sbrk} then fails with {@link #BLOCKED},
 * and malloc moves the break past the mapping as it does when a foreign {@code sbrk} has moved it
 * ({@link #jumpBreak}). A negative sbrk ({@link #trimBreak}) and {@code munmap} leave holes, since heaplab's heap
 * never shrinks: the break grows back into a hole that starts at it, and {@code mmap} takes the best-fitting one.
 *
 * <h2>Touched or reserved</h2>
 *
 * With {@code touchedOnly}, moving the break reserves address space without growing the heap, and the heap grows
 * only as the arena {@link #touch}es it, as a process's resident memory does; otherwise the heap grows with the
 * break, as its virtual size does. Before a mapping is placed at the end, the untouched part of the break is
 * given back ({@link #setBreak}).
 *
 * <h2>Cost</h2>
 *
 * The holes are kept in address order in two {@code long} arrays (the kernel's bookkeeping, not the process's, so
 * not in the heap); placing a mapping is a best-fit pass over them and a removal a binary search and a shift. Both
 * come only with requests of at least the mmap threshold, and the holes are few.
 */
final class AddressSpace {

    /** What {@link #sbrk} answers when the space after the break is mapped. */
    static final long BLOCKED = -2;

    private final Heap heap;
    private final boolean touchedOnly;
    private final long pageMask;
    private long brk = -1;
    private long[] holeStart = new long[8];
    private long[] holeEnd = new long[8];
    private int holes;

    AddressSpace(Heap heap, boolean touchedOnly) {
        this.heap = heap;
        this.touchedOnly = touchedOnly;
        this.pageMask = heap.pageSize() - 1;
    }

    long pageRound(long bytes) {
        return Bytes.alignUp(bytes, pageMask + 1);
    }

    boolean touchedOnly() {
        return touchedOnly;
    }

    /** The break, or -1 before the first {@link #sbrk}. */
    long brk() {
        return brk;
    }

    /** Where free space begins at the end of the heap: the start of a hole that reaches it, or the heap's end. */
    long frontier() {
        return holes > 0 && holeEnd[holes - 1] == heap.size() ? holeStart[holes - 1] : heap.size();
    }

    /**
     * {@code sbrk(bytes)}: moves the break up by a page multiple and returns the old break; {@link Heap#NO_ROOM}
     * past a bounded heap's capacity (the break stays), {@link #BLOCKED} when a mapping lies in the way.
     */
    long sbrk(long bytes) {
        long end = brk + bytes;
        if (bytes < 0 || end > heap.capacity() || end < brk) {
            return Heap.NO_ROOM;
        }
        if (brk < heap.size()) {
            int h = holeAt(brk);
            if (h < 0 || end > holeEnd[h] && holeEnd[h] != heap.size()) {
                return BLOCKED;
            }
            if (end < holeEnd[h]) {
                holeStart[h] = end;
            } else {
                removeHole(h);
            }
        }
        if (!touchedOnly && !heap.growTo(end)) {
            return Heap.NO_ROOM;
        }
        long old = brk;
        brk = end;
        return old;
    }

    /**
     * Moves the break to the {@link #frontier}: where the arena begins, and where it goes on past whatever is mapped
     * after it (a foreign sbrk, to malloc).
     */
    void jumpBreak() {
        brk = frontier();
    }

    /**
     * Sets the break back to {@code end}: below its reservation, giving back the untouched pages above the heap's end
     * so that a mapping may follow it; or where it was before a {@link #jumpBreak} that came to nothing.
     */
    void setBreak(long end) {
        brk = end;
    }

    /**
     * A negative {@code sbrk}: the break comes down to {@code end}; what the heap holds above it becomes a hole
     * (the heap cannot shrink), which a later {@link #sbrk} or mmap takes again.
     */
    void trimBreak(long end) {
        long released = Math.min(brk, heap.size());
        brk = end;
        if (end < released) {
            unmap(end, released - end);
        }
    }

    /** Grows the heap to cover {@code end} (rounded to a page), the arena having written below it. */
    void touch(long end) {
        heap.growTo(pageRound(end));
    }

    /**
     * {@code mmap} of {@code bytes}, a page multiple, in a hole: the smallest that holds it (the lowest of equals),
     * from its low end; -1 when none does.
     */
    long mapInHole(long bytes) {
        int best = -1;
        for (int h = 0; h < holes; h++) {
            long length = holeEnd[h] - holeStart[h];
            if (length >= bytes && (best < 0 || length < holeEnd[best] - holeStart[best])) {
                best = h;
            }
        }
        if (best < 0) {
            return -1;
        }
        long region = holeStart[best];
        if (holeEnd[best] - region == bytes) {
            removeHole(best);
        } else {
            holeStart[best] = region + bytes;
        }
        return region;
    }

    /** {@code mmap} of {@code bytes} at the {@link #frontier}, growing the heap; {@link Heap#NO_ROOM} if it cannot. */
    long mapAtEnd(long bytes) {
        long region = frontier();
        long grow = region + bytes - heap.size();
        if (heap.grow(grow) == Heap.NO_ROOM) {
            return Heap.NO_ROOM;
        }
        if (region < heap.size() - grow) {
            removeHole(holes - 1);
        }
        return region;
    }

    /** {@code munmap}: the region becomes a hole, merged with the holes beside it. */
    void unmap(long region, long bytes) {
        long end = region + bytes;
        int at = Arrays.binarySearch(holeStart, 0, holes, region);
        if (at >= 0) {
            throw new IllegalStateException("munmap of " + region + ": already unmapped");
        }
        at = -at - 1;
        boolean left = at > 0 && holeEnd[at - 1] == region;
        boolean right = at < holes && holeStart[at] == end;
        if (left && right) {
            holeEnd[at - 1] = holeEnd[at];
            removeHole(at);
        } else if (left) {
            holeEnd[at - 1] = end;
        } else if (right) {
            holeStart[at] = region;
        } else {
            if (holes == holeStart.length) {
                holeStart = Arrays.copyOf(holeStart, holes * 2);
                holeEnd = Arrays.copyOf(holeEnd, holes * 2);
            }
            System.arraycopy(holeStart, at, holeStart, at + 1, holes - at);
            System.arraycopy(holeEnd, at, holeEnd, at + 1, holes - at);
            holeStart[at] = region;
            holeEnd[at] = end;
            holes++;
        }
    }

    /** The end of the hole that starts at {@code address}, or -1 when none does; for walks of the heap. */
    long holeEndAt(long address) {
        int h = holeAt(address);
        return h < 0 ? -1 : holeEnd[h];
    }

    private int holeAt(long address) {
        int h = Arrays.binarySearch(holeStart, 0, holes, address);
        return h >= 0 ? h : -1;
    }

    private void removeHole(int h) {
        System.arraycopy(holeStart, h + 1, holeStart, h, holes - h - 1);
        System.arraycopy(holeEnd, h + 1, holeEnd, h, holes - h - 1);
        holes--;
    }
}
