package io.heaplab.allocators.buddy;

import static io.heaplab.allocators.buddy.OrderLists.NONE;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.VariableSizeAllocator;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.AllocatorSetup;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.BitSet;

/**
 * The binary buddy system of Knowlton ("A fast storage allocator", CACM 8, 1965), as Knuth gives it in The Art of
 * Computer Programming 1, 2.5, Algorithms R and S: blocks of {@code 2^k} cells, split in halves on demand and
 * merged with their buddies when freed.
 *
 * <h2>Layout</h2>
 *
 * The memory is one of cells, as in the {@code cell} package (16 bytes by default, a power of two), and every block
 * begins with the same one-word header: a request of {@code n} bytes needs {@code ceil((n + 8) / cell)} cells,
 * rounded up to a power of two {@code 2^k}; {@code k} is the block's order. Cells are numbered from the start of the
 * arena; a block of order {@code k} starts at a multiple of {@code 2^k}, and its buddy, the other half of the block
 * of order {@code k + 1} it was split from, starts at {@code block XOR 2^k}.
 *
 * <pre>
 *  block in use (order k)                free block (order k)
 * +--------+--------+----- .. ----+     +--------+--------+--------+--- .. ---+
 * | header | (pad)  | data ...    |     | header | next   | prev   |         |
 * +--------+--------+----- .. ----+     +--------+--------+--------+--- .. ---+
 *  0        4        8          2^k      0        4        8        12      2^k cells
 *
 *  header = k &lt;&lt; 1 | FREE (1)
 * </pre>
 *
 * A free block of order {@code k} is on list {@code k} (Knuth's AVAIL[k], doubly linked through the blocks, LIFO).
 * No footer is needed: a block finds its one possible partner by arithmetic, not by looking at its neighbours.
 *
 * <h2>Allocate and free</h2>
 *
 * A request of order {@code k} looks at list {@code k}, then {@code k + 1}, and so on, until one is not empty
 * (Algorithm R); it takes the first block there, of order {@code j}, and splits it down to order {@code k}, keeping
 * the lower half each time and putting the upper half, of orders {@code j - 1} down to {@code k}, on its list. A
 * request for one cell in a fresh arena of 256 cells leaves one free block of each order from 0 to 7:
 *
 * <pre>
 *  cell 0   1   2       4           8             16     ..     64                128                     256
 *      +---+---+-------+-----------+-------------+---- .. ----+-----------------+-----------------------+
 *      |use| 0 |   1   |     2     |      3      |    4, 5    |        6        |           7           |
 *      +---+---+-------+-----------+-------------+---- .. ----+-----------------+-----------------------+
 *            (free blocks, by order)
 * </pre>
 *
 * Freeing a block of order {@code k} (Algorithm S) merges it with its buddy while the buddy is free with the same
 * order (its header says exactly {@code k << 1 | FREE}; a buddy that was split further has a smaller order in its
 * first header) and the merged block lies inside the arena; the result goes first on its list.
 *
 * <h2>The arena</h2>
 *
 * In a bounded heap the arena is all of it from the start: {@code N = floor(capacity / cell)} cells, decomposed by
 * the binary digits of {@code N} into top blocks in descending order from the start. Purdom's memories of 128, 256
 * and 512 cells are one top block each; 6 cells are a block of 4 and a block of 2:
 *
 * <pre>
 *  N = 6 = 4 + 2:   | top block, order 2 (cells 0-3) | order 1 (cells 4-5) |  no merge across the bar
 * </pre>
 *
 * Merging only when the merged block lies inside the arena is enough to keep every block inside its own top block.
 * A top block of order {@code j} starts at {@code p}, the sum of the digits of {@code N} above {@code j}, a multiple
 * of {@code 2^(j+1)}: so it is the lower half of its would-be parent {@code [p, p + 2^(j+1))}, while the arena ends
 * at {@code N = p + 2^j + (N mod 2^j) < p + 2^(j+1)}; the parent sticks out and the merge is refused. A block of
 * order {@code k < j} inside it, aligned to {@code 2^k}, has its parent, aligned to {@code 2^(k+1) <= 2^j}, inside
 * the same top block; that merge lies inside the arena and is allowed. So merges never cross the bar, and the
 * check also keeps every buddy read inside the arena.
 *
 * <p>In a growable heap the arena starts empty and is always one top block of {@code 2^m} cells. A request of order
 * {@code k} that no list holds grows it: the first growth makes an arena of {@code max(2^k, one page)} cells; each
 * later one doubles it, and the new upper half, the buddy of the old arena, is freed as a block of order {@code m}
 * (it merges with the old arena when all of that was free). The arena doubles until the new block is big enough.
 *
 * <pre>
 *  before:  [ old arena, 2^m cells ]
 *  after:   [ old arena, 2^m cells ][ new free block of order m: the old arena's buddy ]   2^(m+1) cells
 * </pre>
 *
 * <h2>Searches</h2>
 *
 * Each list looked at counts one, as Purdom, Stigler &amp; Cheam count list elements searched: a hit on list
 * {@code k} costs 1, an empty list looked at costs 1. A request larger than every list (larger than the arena, or
 * any request to an empty growable arena) still counts one look before it is rejected or the arena grows.
 *
 * <h2>Bookkeeping in the heap</h2>
 *
 * Headers and links live in the heap and go through {@link Heap#bookkeeping()}; the Java fields are registers: the
 * list heads, the arena's size, the cells held. {@link #freeBlocks()} and the other queries walk the arena block by
 * block, each header giving the block's order; they are for tests and reports.
 */
public final class BuddyAllocator implements VariableSizeAllocator {

    /** The bytes of a block before its data: the header word and padding to 8. */
    public static final int HEADER = CellAllocator.HEADER;
    /** The cell of Purdom's memory. */
    public static final int DEFAULT_CELL = CellAllocator.DEFAULT_CELL;
    /** The largest order: blocks and arenas of up to {@code 2^30} cells, so cell numbers stay {@code int}s. */
    public static final int MAX_ORDER = 30;
    /** Header bit of a free block. */
    static final int FREE = 1;

    private final Heap heap;
    private final HeapAccess tags;
    private final int cellShift;
    private final long base;
    private final boolean bounded;
    /** The largest request in bytes a block of {@code 2^MAX_ORDER} cells holds. */
    private final long maxRequest;
    private final OrderLists lists;
    private int arenaCells;
    /** The order of the largest top block, {@code floor(log2(arenaCells))}; -1 while the arena is empty. */
    private int topOrder = -1;
    private long heldCells;
    private long searches;

    /** The buddy system over {@code setup}'s heap with cells of {@code cell} bytes. */
    public BuddyAllocator(AllocatorSetup setup, int cell) {
        this.heap = setup.heap();
        CellAllocator.checkCell(cell, heap.pageSize());
        this.tags = heap.bookkeeping();
        this.cellShift = Integer.numberOfTrailingZeros(cell);
        long misalignment = heap.size() & (cell - 1);
        if (misalignment != 0) {
            heap.grow(cell - misalignment);
        }
        this.base = heap.size();
        this.bounded = heap.isBounded();
        this.maxRequest = (1L << MAX_ORDER << cellShift) - HEADER;
        this.lists = new OrderLists(tags, base, cellShift, MAX_ORDER + 1);
        if (bounded) {
            claimBoundedArena();
        }
    }

    /** Makes all of a bounded heap the arena: its top blocks, largest first, each free on its list. */
    private void claimBoundedArena() {
        long cells = Math.min(1L << MAX_ORDER, (heap.capacity() - base) >>> cellShift);
        if (cells == 0) {
            return;
        }
        heap.grow(cells << cellShift);
        arenaCells = (int) cells;
        topOrder = orderBelow(arenaCells);
        for (int top = 0; top < arenaCells; top += 1 << orderBelow(arenaCells - top)) {
            int k = orderBelow(arenaCells - top);
            writeFree(top, k);
            lists.push(k, top);
        }
    }

    // ---- the two operations ---------------------------------------------------------------------------------

    @Override
    public long allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
        }
        if (size > maxRequest) {
            searches++;
            return NO_FIT;
        }
        int k = orderFor((int) cellsFor(size));
        int j = k;
        int block = NONE;
        for (; j <= topOrder; j++) {
            searches++;
            if (!lists.isEmpty(j)) {
                block = lists.head(j);
                break;
            }
        }
        if (block == NONE) {
            if (k > topOrder) {
                searches++;
            }
            block = growFor(k);
            if (block == NONE) {
                return NO_FIT;
            }
            j = orderOf(block);
        }
        lists.remove(j, block);
        while (j > k) {
            j--;
            int upper = block + (1 << j);
            writeFree(upper, j);
            lists.push(j, upper);
        }
        tags.setInt(address(block), k << 1);
        heldCells += 1L << k;
        return address(block) + HEADER;
    }

    @Override
    public void free(long address, long size) {
        int block = (int) ((address - HEADER - base) >>> cellShift);
        int k = tags.getInt(address - HEADER) >>> 1;
        heldCells -= 1L << k;
        release(block, k);
    }

    /**
     * Algorithm S: merges {@code block} of order {@code k} with its free buddies while the merged block lies inside
     * the arena (the class comment proves that this keeps merges inside top blocks), puts the result first on its
     * list and returns it.
     */
    private int release(int block, int k) {
        for (;;) {
            int half = 1 << k;
            int low = block & ~half;
            if (low + 2L * half > arenaCells) {
                break;
            }
            int buddy = block ^ half;
            if (tags.getInt(address(buddy)) != (k << 1 | FREE)) {
                break;
            }
            lists.remove(k, buddy);
            block = low;
            k++;
        }
        writeFree(block, k);
        lists.push(k, block);
        return block;
    }

    /**
     * Grows a growable arena until a free block of order {@code k} or more comes out of it, and returns that block
     * (on its list); {@link OrderLists#NONE} in a bounded heap or when the heap cannot grow.
     */
    private int growFor(int k) {
        if (bounded) {
            return NONE;
        }
        for (;;) {
            int block;
            int order;
            if (arenaCells == 0) {
                block = 0;
                order = Math.max(k, heap.pageShift() - cellShift);
            } else {
                block = arenaCells;
                order = topOrder;
            }
            long bytes = (1L << order) << cellShift;
            if (block + (1L << order) > 1L << MAX_ORDER || heap.grow(bytes) == Heap.NO_ROOM) {
                return NONE;
            }
            arenaCells = block + (1 << order);
            topOrder = orderBelow(arenaCells);
            int merged = release(block, order);
            if (orderOf(merged) >= k) {
                return merged;
            }
        }
    }

    // ---- tags ---------------------------------------------------------------------------------------------

    /** The cells a request of {@code size} bytes needs before rounding: its data and the header. */
    public long cellsFor(long size) {
        return Math.max(1, (size + HEADER + (1L << cellShift) - 1) >>> cellShift);
    }

    /** The order of the smallest block of at least {@code cells} cells: {@code ceil(log2(cells))}. */
    public static int orderFor(int cells) {
        return cells <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(cells - 1);
    }

    /** {@code floor(log2(cells))}, for {@code cells > 0}. */
    private static int orderBelow(int cells) {
        return 31 - Integer.numberOfLeadingZeros(cells);
    }

    /** The address of cell {@code block}. */
    public long address(int block) {
        return base + ((long) block << cellShift);
    }

    /** The order of the block starting at cell {@code block}. */
    public int orderOf(int block) {
        return tags.getInt(address(block)) >>> 1;
    }

    public boolean isFree(int block) {
        return (tags.getInt(address(block)) & FREE) != 0;
    }

    public int arenaCells() {
        return arenaCells;
    }

    public int cellSize() {
        return 1 << cellShift;
    }

    /** The first block on list {@code order}, or -1; for tests. */
    int listHead(int order) {
        return lists.head(order);
    }

    /** The blocks on list {@code order}; for tests. */
    int listSize(int order) {
        return lists.size(order);
    }

    private void writeFree(int block, int k) {
        tags.setInt(address(block), k << 1 | FREE);
    }

    // ---- measures and checks ------------------------------------------------------------------------------

    @Override
    public long searches() {
        return searches;
    }

    @Override
    public long heldBytes() {
        return heldCells << cellShift;
    }

    @Override
    public long arenaBytes() {
        return (long) arenaCells << cellShift;
    }

    @Override
    public long[] freeBlockBytes() {
        LongArrayList sizes = new LongArrayList();
        for (int block = 0; block < arenaCells; block += 1 << orderOf(block)) {
            if (isFree(block)) {
                sizes.add(1L << orderOf(block) << cellShift);
            }
        }
        return sizes.toLongArray();
    }

    /**
     * Walks every top block and every block in it: orders in range, blocks aligned to their size and inside their
     * top block, tiling the arena; no two free buddies of the same order left unmerged; the held count right; and
     * every list, both ways, holding exactly the free blocks of its order.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        if (address(arenaCells) > heap.size()) {
            throw new IllegalStateException("arena: " + arenaCells + " cells (expected: inside the heap's "
                    + heap.size() + " bytes)");
        }
        BitSet free = new BitSet();
        int freeCount = 0;
        long held = 0;
        for (int top = 0; top < arenaCells; ) {
            int topEnd = top + (1 << orderBelow(arenaCells - top));
            int previous = NONE;
            int previousHeader = 0;
            for (int block = top; block < topEnd; ) {
                int header = tags.getInt(address(block));
                int k = header >>> 1;
                if (k > MAX_ORDER || block + (1L << k) > topEnd) {
                    throw new IllegalStateException("block " + block + ": order " + k + " (expected: a block"
                            + " inside its top block, cells " + top + " to " + (topEnd - 1) + ")");
                }
                if ((block & ((1 << k) - 1)) != 0) {
                    throw new IllegalStateException("block " + block + ": order " + k + " (expected: a start that"
                            + " is a multiple of " + (1 << k) + ")");
                }
                if ((header & FREE) != 0) {
                    if (header == previousHeader && (previous ^ (1 << k)) == block) {
                        throw new IllegalStateException("blocks " + previous + " and " + block + ": free buddies of"
                                + " order " + k + " (expected: merged)");
                    }
                    free.set(block);
                    freeCount++;
                } else {
                    held += 1L << k;
                }
                previous = block;
                previousHeader = header;
                block += 1 << k;
            }
            top = topEnd;
        }
        if (held != heldCells) {
            throw new IllegalStateException("cells held: " + held + " (expected: " + heldCells + ")");
        }
        BitSet listed = new BitSet();
        int listedCount = 0;
        for (int k = 0; k < lists.count(); k++) {
            int n = 0;
            int prev = NONE;
            for (int at = lists.head(k); at != NONE; at = lists.next(at)) {
                if (at < 0 || at >= arenaCells || !free.get(at) || orderOf(at) != k) {
                    throw new IllegalStateException("free list " + k + ": block " + at + " (expected: a free block"
                            + " of order " + k + ")");
                }
                if (listed.get(at)) {
                    throw new IllegalStateException("free list " + k + ": block " + at + " listed twice");
                }
                if (lists.prev(at) != prev) {
                    throw new IllegalStateException("free list " + k + ": block " + at + " links back to "
                            + lists.prev(at) + " (expected: " + prev + ")");
                }
                listed.set(at);
                prev = at;
                n++;
            }
            if (n != lists.size(k)) {
                throw new IllegalStateException("free list " + k + ": " + n + " blocks (expected: its count "
                        + lists.size(k) + ")");
            }
            listedCount += n;
        }
        if (listedCount != freeCount) {
            throw new IllegalStateException("free blocks: " + freeCount + " in the heap, " + listedCount
                    + " on the lists");
        }
    }
}
