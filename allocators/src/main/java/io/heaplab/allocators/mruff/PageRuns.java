package io.heaplab.allocators.mruff;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import java.util.function.IntConsumer;

/**
 * The page level of {@link MruFirstFitAllocator}: runs of whole pages handed out by first fit over an
 * address-ordered list of free runs, with immediate coalescing, as Brent proposes for blocks larger than a page
 * ("The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual Memory", section 4).
 *
 * <h2>Layout</h2>
 *
 * The heap is a row of groups: one metadata page, then {@code H = floor(p / 24)} data pages (2 for 64-byte pages,
 * 21 for Brent's 512, 170 for 4096: an overhead of 1 / (H + 1), under 5% from 512 bytes up). The metadata page
 * holds a 24-byte descriptor for each data page of its group, so a page's descriptor is found by arithmetic
 * alone and no table lives outside the heap. Page numbers are absolute ({@code address >>> pageShift}); page
 * {@code n} is in group {@code n / (H + 1)}, and it is a metadata page when {@code n % (H + 1) == 0}.
 *
 * <pre>
 *  group 0 (H + 1 pages)                                      group 1
 * +------+--------+--------+--------+--------+-- .. --+--------++------+--------+-- ..
 * | meta | data 0 | data 1 | data 2 | data 3 |        | data   || meta | data 0 |
 * | d0.. | class  | free run of 2   | large  |        | H-1    ||      |        |
 * +------+--------+--------+--------+--------+-- .. --+--------++------+--------+-- ..
 *    |       ^        ^                 ^
 *    +-------+--------+-----------------+  descriptor of data page j at metadata page + 24 * j
 *
 *  descriptor (six ints)   kind   count     prev      next      aux                 carved
 *  page of size class k    k      phi       S3 link   S3 link   in-page free list   blocks carved
 *  free run, head          -1     pages     list link list link head page (itself)  -
 *  free run, tail          -1     pages     -         -         head page           -
 *  large block, head/tail  -2     pages     -         -         head page           -
 *  huge block (data 0)     -3     groups    -         -         head page           -
 * </pre>
 *
 * Only the head and tail descriptors of a run mean anything (they are boundary tags; interior ones are stale).
 * The page before a run is the last page of another unit (a class page or a run's tail) and the page after it the
 * first of one, so freeing a run finds a free neighbour on either side in O(1) and merges with it: no two free
 * runs are ever adjacent. Runs never cross a metadata page, so a run holds at most {@code H} pages.
 *
 * <p>A block of more than {@code H} pages is <em>huge</em>: it takes {@code m} whole groups, from the first data
 * page of the first one through the last data page of the last, swallowing the metadata pages in between
 * ({@code m (H + 1) - 1} pages, the smallest {@code m} that holds it). Those groups have no descriptors while it
 * lives; the first group's data page 0 says where it ends, so a walk skips them. When it is freed, each group
 * becomes one free run of {@code H} pages again.
 *
 * <h2>Growing</h2>
 *
 * The heap grows like {@code sbrk}, by as few pages as will do: a request that fits no free run extends the free
 * run at the break (or the break itself) when the last group has room, else fills the last group with a free run
 * (padding, never touched until used) and begins a new group. A huge request that fits nowhere extends a row of
 * entirely free groups at the end of the heap, or begins new groups the same way. A bounded heap that cannot grow
 * answers {@link #NONE}.
 *
 * <h2>Cost</h2>
 *
 * First fit is O(runs): it walks the list from the lowest address; a one-page request (a size class wanting a
 * page) is O(1), since the first run always fits. Freeing is O(1) when a neighbour is free or the run lies above
 * the last free run, and O(runs) otherwise, to find its place in address order. A huge request is one O(runs)
 * pass looking for {@code m} entirely free groups in a row, plus O(m) to take or give back their runs.
 */
final class PageRuns {

    /** No page: the end of a list, or no room. */
    static final int NONE = -1;

    static final int DESCRIPTOR_SIZE = 24;
    /** Descriptor fields, as byte offsets. */
    static final int KIND = 0;
    static final int COUNT = 4;
    static final int PREV = 8;
    static final int NEXT = 12;
    static final int AUX = 16;
    static final int CARVED = 20;

    /** Kinds of page; a size class is its index, {@code >= 0}. */
    static final int FREE = -1;
    static final int LARGE = -2;
    static final int HUGE = -3;

    private final String name;
    private final Heap heap;
    private final HeapAccess bookkeeping;
    private final int pageShift;
    /** {@code H}: data pages in a group, one descriptor each in its metadata page. */
    private final int groupData;
    /** {@code H + 1}: pages a group spans. */
    private final int groupPages;

    /** Pages obtained from the heap: pages {@code 0 .. pages - 1} exist. */
    private int pages;
    /** Groups begun; the last may be unfinished. */
    private int groups;
    /** Data pages obtained in the last group, {@code 1 .. H}; 0 before the first group. */
    private int frontierPages;
    /** The free runs in address order, by head page; the list is linked through their head descriptors. */
    private int firstRun = NONE;
    private int lastRun = NONE;

    PageRuns(String name, Heap heap) {
        this.name = name;
        this.heap = heap;
        this.bookkeeping = heap.bookkeeping();
        this.pageShift = heap.pageShift();
        this.groupData = heap.pageSize() / DESCRIPTOR_SIZE;
        this.groupPages = groupData + 1;
    }

    /** The address of page {@code page}'s descriptor; {@code page} must be a data page. */
    long descriptor(int page) {
        int group = page / groupPages;
        int metadata = group * groupPages;
        return ((long) metadata << pageShift) + (long) (page - metadata - 1) * DESCRIPTOR_SIZE;
    }

    /** Whether {@code page} is a data page the heap has grown to. */
    boolean isDataPage(long page) {
        return page > 0 && page < pages && page % groupPages != 0;
    }

    /** {@code H}: the most pages a run holds. */
    int groupData() {
        return groupData;
    }

    /** Pages obtained from the heap. */
    int pages() {
        return pages;
    }

    /** The groups a huge block of {@code count} pages takes: the fewest {@code m} with {@code m (H + 1) - 1 >= count}. */
    int groupsFor(long count) {
        return (int) ((count + groupPages) / groupPages);
    }

    // ---- the class level's pages

    /** A page for a size class, whose descriptor the caller writes; or {@link #NONE} when the heap is full. */
    int allocatePage() {
        return take(1);
    }

    /** Takes back a class page none of whose blocks is live. */
    void freePage(int page) {
        release(page, 1);
    }

    // ---- large blocks: up to H pages

    /** A run of {@code count} pages, {@code 1 <= count <= H}, marked as a large block; or {@link #NONE}. */
    int allocateLarge(int count) {
        int head = take(count);
        if (head != NONE) {
            mark(head, count, LARGE);
        }
        return head;
    }

    /** Whether {@code page} is the head of a large block of {@code count} pages. */
    boolean isLarge(int page, int count) {
        long d = descriptor(page);
        return bookkeeping.getInt(d + KIND) == LARGE && bookkeeping.getInt(d + COUNT) == count
                && bookkeeping.getInt(d + AUX) == page;
    }

    /** Takes back the large block at {@code head}. */
    void freeLarge(int head, int count) {
        release(head, count);
    }

    // ---- huge blocks: whole groups

    /**
     * A huge block of {@code m} whole groups: first fit for {@code m} entirely free groups in a row, else grown at
     * the end of the heap; its address is the first data page of its first group. {@link #NONE} when the heap is
     * full.
     */
    int allocateHuge(int m) {
        int streak = 0;
        int start = NONE;
        int previous = NONE;
        for (int run = firstRun; run != NONE; run = get(run, NEXT)) {
            int group = run / groupPages;
            if (run != group * groupPages + 1 || get(run, COUNT) != dataPagesIn(group)) {
                streak = 0;
                continue;
            }
            if (streak == 0 || group != previous + 1) {
                streak = 0;
                start = run;
            }
            streak++;
            previous = group;
            if (streak == m && (group < groups - 1 || frontierPages == groupData)) {
                unlinkRange(start, run);
                markHuge(start, m);
                return start;
            }
        }
        // entirely free groups at the end of the heap (the last one perhaps unfinished) are reused, not skipped
        int reuse = streak > 0 && previous == groups - 1 ? streak : 0;
        int first;
        long more;
        int padding = 0;
        if (reuse > 0) {
            first = start;
            more = (groupData - frontierPages) + (long) (m - reuse) * groupPages;
        } else {
            padding = groups == 0 ? 0 : groupData - frontierPages;
            first = pages + padding + 1;
            more = padding + (long) m * groupPages;
        }
        int oldPages = pages;
        if (!grow(more)) {
            return NONE;
        }
        if (reuse > 0) {
            unlinkRange(start, lastRun);
        } else if (padding > 0) {
            release(oldPages, padding);
        }
        groups = first / groupPages + m;
        frontierPages = groupData;
        markHuge(first, m);
        return first;
    }

    /** Whether {@code page} is the head of a huge block of {@code m} groups. */
    boolean isHuge(int page, int m) {
        if ((page - 1) % groupPages != 0) {
            return false;
        }
        long d = descriptor(page);
        return bookkeeping.getInt(d + KIND) == HUGE && bookkeeping.getInt(d + COUNT) == m
                && bookkeeping.getInt(d + AUX) == page;
    }

    /** Takes back the huge block at {@code head}: each of its groups becomes one free run of {@code H} pages. */
    void freeHuge(int head, int m) {
        int before = predecessor(head);
        int after = before == NONE ? firstRun : get(before, NEXT);
        int previous = before;
        for (int i = 0; i < m; i++) {
            int run = head + i * groupPages;
            mark(run, groupData, FREE);
            set(run, PREV, previous);
            if (previous == NONE) {
                firstRun = run;
            } else {
                set(previous, NEXT, run);
            }
            previous = run;
        }
        set(previous, NEXT, after);
        if (after == NONE) {
            lastRun = previous;
        } else {
            set(after, PREV, previous);
        }
    }

    // ---- first fit, growth and coalescing

    /** First fit for {@code count <= H} pages from the low end of a free run, else growth; descriptors unwritten. */
    private int take(int count) {
        for (int run = firstRun; run != NONE; run = get(run, NEXT)) {
            int length = get(run, COUNT);
            if (length >= count) {
                if (length == count) {
                    unlink(run);
                } else {
                    // the rest keeps the run's place in the list: no run lies between
                    int rest = run + count;
                    link(get(run, PREV), rest, get(run, NEXT));
                    mark(rest, length - count, FREE);
                }
                return run;
            }
        }
        return growFor(count);
    }

    private int growFor(int count) {
        int tail = NONE;
        int tailLength = 0;
        if (lastRun != NONE && lastRun + get(lastRun, COUNT) == pages) {
            tail = lastRun;
            tailLength = get(tail, COUNT);
        }
        if (groups > 0 && frontierPages - tailLength + count <= groupData) {
            // the last group has room: extend the free run at the break, or the break itself
            int more = count - tailLength;
            if (!grow(more)) {
                return NONE;
            }
            frontierPages += more;
            if (tail == NONE) {
                return pages - count;
            }
            unlink(tail);
            return tail;
        }
        int padding = groups == 0 ? 0 : groupData - frontierPages;
        int oldPages = pages;
        if (!grow(padding + 1L + count)) {
            return NONE;
        }
        if (padding > 0) {
            release(oldPages, padding);
        }
        groups++;
        frontierPages = count;
        return oldPages + padding + 1;
    }

    /** Grows the heap by {@code count} pages at its break; false when a bounded heap has no room. */
    private boolean grow(long count) {
        if (count > Integer.MAX_VALUE - pages) {
            return false; // page numbers are ints, as in the reference stream
        }
        long base = heap.grow(count << pageShift);
        if (base == Heap.NO_ROOM) {
            return false;
        }
        if (base != (long) pages << pageShift) {
            // someone else grew the heap: descriptors would no longer be where the arithmetic says
            throw new IllegalStateException(name + ": heap break " + base + " (expected: "
                    + ((long) pages << pageShift) + "; the heap must belong to this allocator alone)");
        }
        pages += (int) count;
        return true;
    }

    /** Makes pages {@code head .. head + count - 1} of one group free, merging with a free neighbour run. */
    private void release(int head, int count) {
        int end = head + count;
        int left = NONE;
        if ((head - 1) % groupPages != 0) { // the page before is a data page of the same group: some unit's last
            long d = descriptor(head - 1);
            if (bookkeeping.getInt(d + KIND) == FREE) {
                left = bookkeeping.getInt(d + AUX);
            }
        }
        boolean rightFree = end < pages && end % groupPages != 0 && get(end, KIND) == FREE;
        if (left != NONE) {
            int length = get(left, COUNT) + count;
            if (rightFree) {
                length += get(end, COUNT);
                unlink(end);
            }
            set(left, COUNT, length);
            markTail(left, length, FREE);
        } else if (rightFree) {
            link(get(end, PREV), head, get(end, NEXT));
            mark(head, count + get(end, COUNT), FREE);
        } else {
            int before = predecessor(head);
            link(before, head, before == NONE ? firstRun : get(before, NEXT));
            mark(head, count, FREE);
        }
    }

    /** The last free run below {@code page}, or {@link #NONE}: O(1) above the last run, else a walk. */
    private int predecessor(int page) {
        if (lastRun == NONE || lastRun < page) {
            return lastRun;
        }
        int before = NONE;
        for (int run = firstRun; run < page; run = get(run, NEXT)) {
            before = run;
        }
        return before;
    }

    private int dataPagesIn(int group) {
        return group == groups - 1 ? frontierPages : groupData;
    }

    // ---- descriptors and links

    private void mark(int head, int length, int kind) {
        long d = descriptor(head);
        bookkeeping.setInt(d + KIND, kind);
        bookkeeping.setInt(d + COUNT, length);
        bookkeeping.setInt(d + AUX, head);
        markTail(head, length, kind);
    }

    private void markTail(int head, int length, int kind) {
        if (length > 1) {
            long d = descriptor(head + length - 1);
            bookkeeping.setInt(d + KIND, kind);
            bookkeeping.setInt(d + COUNT, length);
            bookkeeping.setInt(d + AUX, head);
        }
    }

    private void markHuge(int head, int m) {
        long d = descriptor(head);
        bookkeeping.setInt(d + KIND, HUGE);
        bookkeeping.setInt(d + COUNT, m);
        bookkeeping.setInt(d + AUX, head);
    }

    /** Puts {@code run} between {@code before} and {@code after}, either of which may be {@link #NONE}. */
    private void link(int before, int run, int after) {
        set(run, PREV, before);
        set(run, NEXT, after);
        if (before == NONE) {
            firstRun = run;
        } else {
            set(before, NEXT, run);
        }
        if (after == NONE) {
            lastRun = run;
        } else {
            set(after, PREV, run);
        }
    }

    private void unlink(int run) {
        unlinkRange(run, run);
    }

    /** Removes the runs from {@code first} through {@code last}, consecutive on the list. */
    private void unlinkRange(int first, int last) {
        int before = get(first, PREV);
        int after = get(last, NEXT);
        if (before == NONE) {
            firstRun = after;
        } else {
            set(before, NEXT, after);
        }
        if (after == NONE) {
            lastRun = before;
        } else {
            set(after, PREV, before);
        }
    }

    int get(int page, int field) {
        return bookkeeping.getInt(descriptor(page) + field);
    }

    void set(int page, int field, int value) {
        bookkeeping.setInt(descriptor(page) + field, value);
    }

    // ---- verify

    /**
     * Walks every group: its data pages must be tiled by units (class pages, runs with matching head and tail
     * descriptors, huge blocks at a group's start), the free runs met must be exactly the free list in order with
     * consistent back links, and no two free runs may be adjacent. Hands each class page to {@code classPage} and
     * returns the number of large and huge blocks.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    long verify(IntConsumer classPage) {
        if (heap.size() != (long) pages << pageShift) {
            throw new IllegalStateException(name + ": heap holds " + heap.size() + " bytes, but " + pages
                    + " pages of " + heap.pageSize() + " were obtained");
        }
        long expected = groups == 0 ? 0 : (long) (groups - 1) * groupPages + 1 + frontierPages;
        if (pages != expected || frontierPages < (groups == 0 ? 0 : 1) || frontierPages > groupData) {
            throw new IllegalStateException(name + ": " + pages + " pages obtained, but " + groups + " groups with "
                    + frontierPages + " data pages in the last make " + expected);
        }
        int cursor = firstRun;
        int previousRun = NONE;
        long blocks = 0;
        for (int group = 0; group < groups; group++) {
            int first = group * groupPages + 1;
            if (get(first, KIND) == HUGE) {
                int m = get(first, COUNT);
                if (m < 1 || m > groups - group || get(first, AUX) != first
                        || (group + m == groups && frontierPages != groupData)) {
                    throw new IllegalStateException(name + ": huge block at page " + first + " spans " + m
                            + " groups, head " + get(first, AUX) + " (expected: whole groups from " + group
                            + " within the " + groups + " begun, head " + first + ")");
                }
                blocks++;
                group += m - 1;
                continue;
            }
            int obtained = dataPagesIn(group);
            boolean previousFree = false;
            for (int j = 0; j < obtained; ) {
                int page = first + j;
                int kind = get(page, KIND);
                if (kind >= 0) {
                    classPage.accept(page);
                    previousFree = false;
                    j++;
                    continue;
                }
                if (kind != FREE && kind != LARGE) {
                    throw new IllegalStateException(name + ": page " + page + " has kind " + kind
                            + " (expected: a size class, a free run or a large block)");
                }
                int length = get(page, COUNT);
                if (length < 1 || length > obtained - j || get(page, AUX) != page) {
                    throw new IllegalStateException(name + ": run at page " + page + " of " + length
                            + " pages, head " + get(page, AUX) + " (expected: 1 .. " + (obtained - j)
                            + " pages within its group, head " + page + ")");
                }
                int tail = page + length - 1;
                if (get(tail, KIND) != kind || get(tail, COUNT) != length || get(tail, AUX) != page) {
                    throw new IllegalStateException(name + ": run at page " + page + " of " + length
                            + " pages has tail page " + tail + " saying kind " + get(tail, KIND) + ", "
                            + get(tail, COUNT) + " pages, head " + get(tail, AUX));
                }
                if (kind == FREE) {
                    if (previousFree) {
                        throw new IllegalStateException(name + ": free runs at pages " + previousRun + " and "
                                + page + " are adjacent (expected: coalesced)");
                    }
                    if (cursor != page) {
                        throw new IllegalStateException(name + ": free run at page " + page + " is not next on"
                                + " the free list, which has " + cursor + " (expected: every free run, in address"
                                + " order)");
                    }
                    if (get(page, PREV) != previousRun) {
                        throw new IllegalStateException(name + ": free run at page " + page + " links back to "
                                + get(page, PREV) + " (expected: " + previousRun + ")");
                    }
                    previousRun = page;
                    cursor = get(page, NEXT);
                    previousFree = true;
                } else {
                    blocks++;
                    previousFree = false;
                }
                j += length;
            }
        }
        if (cursor != NONE) {
            throw new IllegalStateException(name + ": free list goes on past the last free run, to page " + cursor);
        }
        if (lastRun != previousRun) {
            throw new IllegalStateException(name + ": last free run is " + lastRun + " (expected: "
                    + previousRun + ")");
        }
        return blocks;
    }
}
