package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import java.util.Arrays;

/**
 * Brent's "current page" concept (section 2.4), shared by MRU, LEAST-FREE and MOST-FREE: blocks come from one
 * current page while it has any free; only when it is full is a new current page chosen, from {@code S3} (pages
 * partly free) if possible, else from {@code S2} (pages used once and entirely free again) by last-in,
 * first-out, else from {@code S1} (a fresh page from the heap). The strategies differ only in which page of
 * {@code S3} they choose, which a subclass decides.
 *
 * <h2>Layout</h2>
 *
 * Every data page has a 16-byte header in the metadata pages (see {@link FixedSizeAllocator}: with 512-byte
 * pages a metadata page serves 32 data pages); the blocks keep their full {@code c = floor(p / s)}. A free
 * block holds, in its first 4 bytes, the slot of the next free block of its own page ({@code -1} at the end),
 * so each page has its own free list and allocating from a page never looks elsewhere:
 *
 * <pre>
 *  header of data page d, at (d / H) * (H + 1) * p + (d % H) * 16
 * +--------+--------+--------+--------+
 * |  phi   |  free  |  prev  |  next  |   phi: free blocks, 0 .. c; free: first free slot or -1
 * +--------+--------+--------+--------+   prev, next: neighbouring data pages on the page's list, or -1
 *  0        4        8        12
 *
 *  data page d with c = 5, phi = 2, free = 3: slot 1 was freed, then slot 3
 * +--------+--------+--------+--------+--------+--------------+
 * |  used  | next=-1|  used  | next=1 |  used  | tail, unused |
 * +--------+--------+--------+--------+--------+--------------+
 *   slot 0   slot 1   slot 2   slot 3   slot 4
 * </pre>
 *
 * A page is on at most one list, according to its set; the links of a page on no list are stale:
 * <ul>
 *   <li>the current page is on no list, whatever its {@code phi} (a field names it, as a register would);
 *   <li>{@code S3}: on the subclass's structure, doubly linked through {@code prev} and {@code next};
 *   <li>{@code S2}: on a stack singly linked through {@code next}, its top a field;
 *   <li>{@code S4}, full and not current: on no list, since nothing is ever chosen from it;
 *   <li>{@code S1}: the pages not yet obtained from the heap. A fresh page is obtained only to become current
 *       and yield a block at once, so no page the heap holds is in {@code S1}.
 * </ul>
 *
 * <h2>Operations</h2>
 *
 * {@link #allocate} pops the current page's free list: its header word {@code phi, free} read and written as
 * one {@code long}, and the link in the block read. When the current page is full it leaves for {@code S4}, and
 * the next current page is {@link #takeFromS3() taken from S3}, popped from {@code S2}, or grown: a fresh page
 * gets its {@code c} links written in address order, {@code O(c)} once per page and O(1) amortized, since it
 * then yields {@code c} blocks. {@link #free} pushes the block on its page's free list (the header word read
 * and written, the link written) and moves the page between sets: from {@code S4} into {@code S3}
 * ({@link #s3Insert}), within {@code S3} ({@link #s3Freed}), or out of {@code S3} onto the {@code S2} stack once
 * {@code phi = c} ({@link #s3Remove}); a free in the current page moves nothing. Within a set a page moves only
 * when one of its blocks is freed, never when one is allocated, since only the current page, on no list, hands
 * out blocks. What this costs beyond O(1) is the subclass's choice; each states it. A bounded heap that is full
 * gives {@link #NO_FIT} only when every block is allocated.
 *
 * <p>{@link #pageClasses()} reports the set of every page from these lists, and {@link #verify()} checks them
 * against the headers and free lists, for tests.
 */
public abstract class CurrentPageAllocator extends FixedSizeAllocator {

    /** Bytes of header per data page. */
    public static final int HEADER_BYTES = 16;
    /** No page: the end of a list of pages, or no current page yet. */
    protected static final int NO_PAGE = -1;

    // header fields; phi and free form one little-endian long, read and written together
    private static final int PHI = 0;
    private static final int PREV = 8;
    private static final int NEXT = 12;

    private static final byte ON_NO_LIST = 0;
    private static final byte ON_S3 = 1;
    private static final byte ON_S2 = 2;

    /** The page blocks come from, or {@link #NO_PAGE} before the first allocation. */
    private int current = NO_PAGE;
    /** The top of the {@code S2} stack, or {@link #NO_PAGE}. */
    private int s2Top = NO_PAGE;
    /** Data pages obtained from the heap: blocks {@code 0 .. pages * c} exist. */
    private long pages;
    /** Blocks handed out and not yet freed, for {@link #verify()}. */
    private long live;

    /**
     * Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup the strategy cannot serve.
     *
     * @param name the strategy's short name, which starts every error message
     */
    protected CurrentPageAllocator(String name, AllocatorSetup setup) {
        super(name, setup, HEADER_BYTES);
    }

    @Override
    public final long allocate(long size) {
        checkSize(size);
        int page = current;
        long header = page == NO_PAGE ? 0 : metadataAddress(page);
        long word = page == NO_PAGE ? 0 : bookkeeping.getLong(header + PHI);
        if (phi(word) == 0) {
            // the current page (if any) is full: it is in S4 now, and S4 is on no list
            page = nextCurrentPage();
            if (page == NO_PAGE) {
                return NO_FIT;
            }
            current = page;
            header = metadataAddress(page);
            word = bookkeeping.getLong(header + PHI);
        }
        long address = dataPageAddress(page) + (long) freeSlot(word) * blockSize;
        bookkeeping.setLong(header + PHI, word(phi(word) - 1, bookkeeping.getInt(address)));
        live++;
        return address;
    }

    @Override
    public final void free(long address, long size) {
        checkSize(size);
        int block = blockOf(address, pages);
        int page = pageOfBlock(block);
        long header = metadataAddress(page);
        long word = bookkeeping.getLong(header + PHI);
        int phi = phi(word);
        if (phi == blocksPerPage) {
            // caught here because phi > c would break the sets; other double frees show in verify()
            throw new IllegalArgumentException(name + ": address " + address + " (expected: a block in use;"
                    + " every block of its page is free, so it was freed twice)");
        }
        bookkeeping.setInt(address, freeSlot(word));
        bookkeeping.setLong(header + PHI, word(phi + 1, block - page * blocksPerPage));
        live--;
        if (page == current) {
            return;
        }
        if (phi + 1 == blocksPerPage) {
            if (phi > 0) {
                s3Remove(page, phi);
            }
            bookkeeping.setInt(header + NEXT, s2Top);
            s2Top = page;
        } else if (phi == 0) {
            s3Insert(page, 1);
        } else {
            s3Freed(page, phi);
        }
    }

    /** A page from {@code S3}, else {@code S2} (LIFO), else a fresh one; {@link #NO_PAGE} if the heap is full. */
    private int nextCurrentPage() {
        int page = takeFromS3();
        if (page != NO_PAGE) {
            return page;
        }
        if (s2Top != NO_PAGE) {
            page = s2Top;
            s2Top = bookkeeping.getInt(metadataAddress(page) + NEXT);
            return page;
        }
        return newPage();
    }

    private int newPage() {
        long base = growPage(pages);
        if (base == Heap.NO_ROOM) {
            return NO_PAGE;
        }
        int page = (int) pages++;
        // slot 0 first on the list, so a fresh page is handed out in address order
        for (int slot = 0; slot < blocksPerPage; slot++) {
            bookkeeping.setInt(base + (long) slot * blockSize, slot + 1 < blocksPerPage ? slot + 1 : END);
        }
        bookkeeping.setLong(metadataAddress(page) + PHI, word(blocksPerPage, 0));
        return page;
    }

    private static long word(int phi, int freeSlot) {
        return (phi & 0xFFFF_FFFFL) | (long) freeSlot << 32;
    }

    private static int phi(long word) {
        return (int) word;
    }

    private static int freeSlot(long word) {
        return (int) (word >> 32);
    }

    // ---- what a subclass decides: the structure of S3 and which of its pages becomes current

    /**
     * Puts {@code page}, which had no free block and was not current, into {@code S3}: one of its blocks was
     * freed, so its {@code phi} is now {@code phi} (1, unless {@code c = 1}, when it goes to {@code S2} instead).
     */
    protected abstract void s3Insert(int page, int phi);

    /** A block of {@code page}, in {@code S3}, was freed: its {@code phi} grew from {@code oldPhi} and is below c. */
    protected abstract void s3Freed(int page, int oldPhi);

    /** Takes {@code page} out of {@code S3}: its last block in use was freed, it had {@code oldPhi = c - 1}. */
    protected abstract void s3Remove(int page, int oldPhi);

    /** Removes and returns the page of {@code S3} that becomes current, or {@link #NO_PAGE} when it is empty. */
    protected abstract int takeFromS3();

    /** How many doubly-linked lists make up {@code S3}, for {@link #verify()} and {@link #pageClasses()}. */
    protected abstract int s3Lists();

    /** The first page of {@code S3} list {@code list}, or {@link #NO_PAGE}. */
    protected abstract int s3Head(int list);

    /** Whether a page with {@code phi} free blocks belongs on {@code S3} list {@code list}. */
    protected abstract boolean s3Admits(int list, int phi);

    /** For {@link #verify()}: fails with an {@link IllegalStateException} if an index over the lists is wrong. */
    protected void verifyS3Index() {
    }

    // ---- doubly-linked lists of page headers, for the subclasses; each returns the list's new head

    /** Links {@code page} in at the front of the list that starts at {@code head}; returns {@code page}. */
    protected final int pushFront(int head, int page) {
        long header = metadataAddress(page);
        bookkeeping.setInt(header + PREV, NO_PAGE);
        bookkeeping.setInt(header + NEXT, head);
        if (head != NO_PAGE) {
            bookkeeping.setInt(metadataAddress(head) + PREV, page);
        }
        return page;
    }

    /** Unlinks {@code page} from the list that starts at {@code head}; returns the list's head afterwards. */
    protected final int unlink(int head, int page) {
        long header = metadataAddress(page);
        int prev = bookkeeping.getInt(header + PREV);
        int next = bookkeeping.getInt(header + NEXT);
        if (prev == NO_PAGE) {
            head = next;
        } else {
            bookkeeping.setInt(metadataAddress(prev) + NEXT, next);
        }
        if (next != NO_PAGE) {
            bookkeeping.setInt(metadataAddress(next) + PREV, prev);
        }
        return head;
    }

    // ---- for tests

    /** The current page, a data page number, or -1 before the first allocation. */
    public final int currentPage() {
        return current;
    }

    /**
     * The set of every data page obtained so far, indexed by data page number (see {@link #dataPageOf}), as the
     * allocator's own lists say: {@code S3} for a page found on the {@code S3} structure, {@code S2} for one on
     * the {@code S2} stack, {@code S4} for a page on neither; only the current page, on no list, is classed by its
     * {@code phi}. Every page not yet obtained is in {@code S1}. Reads the heap through the bookkeeping view, so
     * call it in tests, not in a measured run.
     *
     * @throws IllegalStateException if the lists are broken (see {@link #verify()})
     */
    public final PageClass[] pageClasses() {
        byte[] on = walkLists();
        PageClass[] classes = new PageClass[(int) pages];
        for (int page = 0; page < pages; page++) {
            if (on[page] == ON_S3) {
                classes[page] = PageClass.S3;
            } else if (on[page] == ON_S2) {
                classes[page] = PageClass.S2;
            } else if (page != current) {
                classes[page] = PageClass.S4;
            } else {
                int phi = phi(bookkeeping.getLong(metadataAddress(page) + PHI));
                classes[page] = phi == 0 ? PageClass.S4 : phi == blocksPerPage ? PageClass.S2 : PageClass.S3;
            }
        }
        return classes;
    }

    /**
     * Walks every list and every page's free list: links inside the heap, no page on two lists or twice on one,
     * the current page on none, {@code prev} links that mirror {@code next}, each listed page's {@code phi} fit
     * for its list ({@code 0 < phi < c} on {@code S3}, {@code c} on {@code S2}), each unlisted page but the
     * current one full, each free list as long as its page's {@code phi} and without a cycle, and the free blocks
     * plus those handed out all the blocks there are.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public final void verify() {
        verifyHeapHolds(pages);
        if (current < NO_PAGE || current >= pages || (current == NO_PAGE) != (pages == 0)) {
            throw new IllegalStateException(name + ": current page " + current + " with " + pages
                    + " pages obtained (expected: -1 before the first allocation, else 0 .. " + (pages - 1) + ")");
        }
        byte[] on = walkLists();
        verifyS3Index();
        long[] seen = new long[(blocksPerPage + 63) >>> 6];
        long free = 0;
        for (int page = 0; page < pages; page++) {
            long base = dataPageAddress(page);
            long word = bookkeeping.getLong(metadataAddress(page) + PHI);
            int phi = phi(word);
            if (phi < 0 || phi > blocksPerPage) {
                throw new IllegalStateException(name + ": page " + page + " has phi " + phi + " (expected: 0 .. "
                        + blocksPerPage + ")");
            }
            if (on[page] == ON_NO_LIST && page != current && phi != 0) {
                throw new IllegalStateException(name + ": page " + page + " with phi " + phi + " is on no list"
                        + " (expected: on S3 when 0 < phi < c, on S2 when phi = c)");
            }
            Arrays.fill(seen, 0);
            int count = 0;
            for (int slot = freeSlot(word); slot != END; slot = bookkeeping.getInt(base + (long) slot * blockSize)) {
                if (slot < 0 || slot >= blocksPerPage) {
                    throw new IllegalStateException(name + ": free list of page " + page + " holds slot " + slot
                            + " (expected: 0 .. " + (blocksPerPage - 1) + ")");
                }
                long bit = 1L << slot;
                if ((seen[slot >>> 6] & bit) != 0) {
                    throw new IllegalStateException(name + ": free list of page " + page + " has a cycle through"
                            + " slot " + slot + " at address " + (base + (long) slot * blockSize)
                            + " (a block freed twice?)");
                }
                seen[slot >>> 6] |= bit;
                count++;
            }
            if (count != phi) {
                throw new IllegalStateException(name + ": page " + page + " has phi " + phi + " but " + count
                        + " blocks on its free list");
            }
            free += phi;
        }
        if (free + live != pages * blocksPerPage) {
            throw new IllegalStateException(name + ": " + free + " free blocks + " + live + " handed out != "
                    + pages * blocksPerPage + " blocks in " + pages + " pages");
        }
    }

    /** Marks each page by the list it is on, checking the links as it goes. */
    private byte[] walkLists() {
        byte[] on = new byte[(int) pages];
        for (int list = 0; list < s3Lists(); list++) {
            int prev = NO_PAGE;
            for (int page = s3Head(list); page != NO_PAGE; ) {
                String where = "S3 list " + list;
                checkListed(on, page, prev, where);
                long header = metadataAddress(page);
                int back = bookkeeping.getInt(header + PREV);
                if (back != prev) {
                    throw new IllegalStateException(name + ": page " + page + " on " + where + " has prev link "
                            + back + " (expected: " + prev + ", the page before it)");
                }
                int phi = phi(bookkeeping.getLong(header + PHI));
                if (phi <= 0 || phi >= blocksPerPage || !s3Admits(list, phi)) {
                    throw new IllegalStateException(name + ": page " + page + " with phi " + phi + " is on "
                            + where + " (expected: 0 < phi < " + blocksPerPage + ", as that list admits)");
                }
                on[page] = ON_S3;
                prev = page;
                page = bookkeeping.getInt(header + NEXT);
            }
        }
        int prev = NO_PAGE;
        for (int page = s2Top; page != NO_PAGE; ) {
            checkListed(on, page, prev, "the S2 stack");
            long header = metadataAddress(page);
            int phi = phi(bookkeeping.getLong(header + PHI));
            if (phi != blocksPerPage) {
                throw new IllegalStateException(name + ": page " + page + " with phi " + phi + " is on the S2"
                        + " stack (expected: phi = c = " + blocksPerPage + ")");
            }
            on[page] = ON_S2;
            prev = page;
            page = bookkeeping.getInt(header + NEXT);
        }
        return on;
    }

    private void checkListed(byte[] on, int page, int prev, String where) {
        if (page < 0 || page >= pages) {
            throw new IllegalStateException(name + ": link " + page + (prev == NO_PAGE ? " at the head of "
                    : " in page " + prev + " on ") + where + " is outside the heap (expected: -1 .. "
                    + (pages - 1) + ")");
        }
        if (on[page] != ON_NO_LIST) {
            throw new IllegalStateException(name + ": page " + page + " is met again on " + where
                    + " (a cycle, or a page on two lists)");
        }
        if (page == current) {
            throw new IllegalStateException(name + ": the current page " + page + " is on " + where
                    + " (expected: on no list)");
        }
    }
}
