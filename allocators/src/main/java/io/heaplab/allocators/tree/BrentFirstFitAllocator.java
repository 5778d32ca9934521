package io.heaplab.allocators.tree;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.FreeLists;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;

/**
 * First fit in O(log n) time by Brent's tree of maxima over segments of the arena (R. P. Brent, "Efficient
 * implementation of the first-fit strategy for dynamic storage allocation", ACM TOPLAS 11(3), 1989).
 *
 * <h2>Segments and the tree</h2>
 *
 * The blocks are those of {@link CellAllocator}: a header word each, boundary tags, immediate coalescing, the low
 * end of a free block taken and the rest left free. The arena is cut into segments of a fixed number of cells (a
 * power of two, 64 by default). A complete binary tree has one leaf per segment, holding the size in cells of the
 * largest free block whose header lies in that segment (a block may run on into later segments; it belongs to the
 * one that holds its first cell), and every inner node holds the larger of its children. Four segments of 8 cells:
 *
 * <pre>
 *                              root [14]
 *                       /                  \
 *                  [5]                        [14]
 *                /     \                    /      \
 *  leaves     [2]       [5]             [14]        [0]
 *  segment     0         1                2          3
 *            +---+--+---+-----+---+--+------------------------------------+
 *            |use|F |use|  F  |use|us|  F, 14 cells: its header is in 2   |
 *            +---+--+---+-----+---+--+------------------------------------+
 *  cell       0   3  5   8     13  16 18                                   32
 * </pre>
 *
 * <h2>First fit</h2>
 *
 * A request for {@code c} cells that the root does not reach finds nothing. Otherwise it descends from the root,
 * going left whenever the left child reaches {@code c}, to the leftmost segment whose leaf reaches {@code c}; every
 * free block with its header in an earlier segment is smaller than {@code c}. In that segment it takes the first
 * free block, in address order, that fits. That is the lowest-addressed free block in the whole arena that fits:
 * exactly what first fit over one address-ordered list would take (Knuth, TAOCP 1, 2.5, Algorithm A), found in
 * O(log n + segment size) instead of O(free blocks). Above, a request of 4 cells goes root, left, right, to segment
 * 1 and takes the block at cell 8.
 *
 * <p>The free blocks of a segment are on their own list, in address order, threaded through the blocks ({@link
 * FreeLists}, one list per segment); Brent instead keeps, per segment, the first block that starts in it and walks
 * the headers from there. With a list, a new free block's place is found among the free blocks of its segment only,
 * and the leaf is recomputed from that list when its largest block leaves or shrinks: every operation costs
 * O(log n + segment size). The hooks keep the tree true: a block that comes raises its leaf; one that goes, or is
 * split, makes its segment's leaf be recomputed when it was the largest; a block that grows by a merge raises its
 * leaf; each changed leaf updates the maxima on its path to the root, stopping where a maximum does not change.
 *
 * <h2>Where things live</h2>
 *
 * The per-block data, headers, footers and list links, is in the heap, read and written through the heap's
 * bookkeeping view like every strategy of the {@code cell} package. The tree and the list heads are the allocator's
 * index, Java fields like an allocator's registers: an {@code int} array of {@code 2 * leaves} in heap order.
 *
 * <h2>Growth</h2>
 *
 * In a growable heap the arena grows at the top in whole pages ({@link CellAllocator}); whenever it then has more
 * segments than the tree has leaves, the tree doubles its leaves (until they are enough) and is rebuilt, and the
 * per-segment lists move to a larger set of lists in the same order: O(segments + free blocks), which doubling
 * makes O(1) per cell over the run. A bounded heap sizes the tree once, for all its cells.
 *
 * <h2>Searches</h2>
 *
 * A request counts the tree nodes it reads and the blocks it examines in its segment: the root alone when the root
 * says nothing fits; otherwise {@code log2(leaves) + 1} nodes (the root and one child per level) plus the blocks of
 * the chosen segment looked at up to and including the one taken. A growable arena that grows for a request counts
 * only the root.
 */
public final class BrentFirstFitAllocator extends CellAllocator {

    /** Cells per segment unless the spec says otherwise: 1 KiB of 16-byte cells, four segments to a 4 KiB page. */
    public static final int DEFAULT_SEGMENT = 64;
    /** The largest segment, in cells. */
    public static final int MAX_SEGMENT = 1 << 20;

    private final int segmentShift;
    private final MaxTree tree;
    /** One list per leaf of the tree, each the free blocks whose headers lie in that segment, in address order. */
    private FreeLists lists;
    private int freeBlocks;

    /** Brent's first fit over {@code setup}'s heap, with cells of {@code cell} bytes and {@code segment} cells. */
    public BrentFirstFitAllocator(AllocatorSetup setup, int cell, int segment) {
        super(setup, cell);
        checkSegment(segment);
        this.segmentShift = Integer.numberOfTrailingZeros(segment);
        this.tree = new MaxTree(1);
        this.lists = new FreeLists(this, 1);
        claimBoundedArena();
    }

    /** Fails with a one-line message unless {@code segment} is a power of two from 1 to {@link #MAX_SEGMENT}. */
    public static void checkSegment(int segment) {
        if (segment < 1 || segment > MAX_SEGMENT || Integer.bitCount(segment) != 1) {
            throw new SpecException("segment: " + segment + " (expected: a power of 2 from 1 to " + MAX_SEGMENT
                    + " cells)");
        }
    }

    // ---- the hooks ----------------------------------------------------------------------------------------

    @Override
    protected int find(int cells) {
        searches++;
        if (tree.root() < cells) {
            return -1;
        }
        int segment = tree.leftmostAtLeast(cells);
        searches += tree.levels() - 1;
        for (int block = lists.head(segment); block != FreeLists.NONE; block = lists.next(block)) {
            searches++;
            if (cellsOf(block) >= cells) {
                return block;
            }
        }
        throw new IllegalStateException("segment " + segment + ": leaf " + tree.leaf(segment)
                + " but no free block of " + cells + " cells");
    }

    @Override
    protected void insertFree(int block, int cells) {
        coverArena();
        int segment = block >>> segmentShift;
        lists.insertInAddressOrder(segment, block);
        freeBlocks++;
        if (cells > tree.leaf(segment)) {
            tree.set(segment, cells);
        }
    }

    @Override
    protected void removeFree(int block, int cells) {
        int segment = block >>> segmentShift;
        lists.remove(segment, block);
        freeBlocks--;
        if (cells == tree.leaf(segment)) {
            tree.set(segment, largestIn(segment));
        }
    }

    /** The successor takes the block's place in its list when both lie in one segment, keeping address order. */
    @Override
    protected void replaceFree(int block, int cells, int successor, int successorCells) {
        int segment = block >>> segmentShift;
        if (successor >>> segmentShift != segment) {
            removeFree(block, cells);
            insertFree(successor, successorCells);
            return;
        }
        lists.replace(segment, block, successor);
        int leaf = tree.leaf(segment);
        if (successorCells > leaf) {
            tree.set(segment, successorCells);
        } else if (cells == leaf && successorCells < cells) {
            tree.set(segment, largestIn(segment));
        }
    }

    /** A block that grew keeps its place and its segment; only its leaf may rise. */
    @Override
    protected void resizeFree(int block, int oldCells, int newCells) {
        coverArena();
        int segment = block >>> segmentShift;
        if (newCells > tree.leaf(segment)) {
            tree.set(segment, newCells);
        }
    }

    @Override
    protected int freeBlocksKept() {
        return freeBlocks;
    }

    // ---- the index ----------------------------------------------------------------------------------------

    /** The largest free block on {@code segment}'s list, 0 when it is empty: O(segment size). */
    private int largestIn(int segment) {
        int largest = 0;
        for (int block = lists.head(segment); block != FreeLists.NONE; block = lists.next(block)) {
            largest = Math.max(largest, cellsOf(block));
        }
        return largest;
    }

    /** The segments the arena spans now. */
    private int segments() {
        return (int) (((long) arenaCells() + (1 << segmentShift) - 1) >>> segmentShift);
    }

    /** Grows the tree and the lists when the arena has outgrown them: called where the arena may have grown. */
    private void coverArena() {
        int segments = segments();
        if (segments <= tree.leaves()) {
            return;
        }
        int old = tree.leaves();
        tree.growTo(segments);
        FreeLists grown = new FreeLists(this, tree.leaves());
        for (int segment = 0; segment < old; segment++) {
            int block = lists.head(segment);
            while (block != FreeLists.NONE) {
                int next = lists.next(block);
                grown.insertBefore(segment, block, FreeLists.NONE);
                block = next;
            }
        }
        lists = grown;
    }

    /** The leaves of the tree: segments it can index before it must grow. */
    public int treeLeaves() {
        return tree.leaves();
    }

    /** Cells per segment. */
    public int segmentCells() {
        return 1 << segmentShift;
    }

    /** The value of the leaf of {@code segment}: the largest free block whose header lies in it, in cells. */
    public int leaf(int segment) {
        return tree.leaf(segment);
    }

    /** The tree itself; for tests in this package. */
    MaxTree tree() {
        return tree;
    }

    // ---- checks -------------------------------------------------------------------------------------------

    /**
     * The checks of {@link CellAllocator#verify()} and of the lists, then: the tree covers the arena; walking the
     * blocks, each segment's list holds exactly the free blocks whose headers lie in it, in address order; every
     * leaf is the largest of them (0 for none, and for leaves past the arena); every inner node is the larger of
     * its children.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        super.verify();
        lists.verify();
        int leaves = tree.leaves();
        if (segments() > leaves || lists.count() != leaves) {
            throw new IllegalStateException("tree: " + leaves + " leaves, " + lists.count() + " lists (expected: "
                    + segments() + " segments or more, one list a leaf)");
        }
        int[] expected = new int[leaves];
        int[] cursor = new int[leaves];
        for (int segment = 0; segment < leaves; segment++) {
            cursor[segment] = lists.head(segment);
        }
        for (int block = 0; block < arenaCells(); block += cellsOf(block)) {
            if (!isFree(block)) {
                continue;
            }
            int segment = block >>> segmentShift;
            if (cursor[segment] != block) {
                throw new IllegalStateException("segment " + segment + ": free block " + block + " not next on its"
                        + " list (found: " + cursor[segment] + ")");
            }
            cursor[segment] = lists.next(block);
            expected[segment] = Math.max(expected[segment], cellsOf(block));
        }
        for (int segment = 0; segment < leaves; segment++) {
            if (cursor[segment] != FreeLists.NONE) {
                throw new IllegalStateException("segment " + segment + ": list holds block " + cursor[segment]
                        + ", which is not a free block of the segment");
            }
            if (tree.leaf(segment) != expected[segment]) {
                throw new IllegalStateException("segment " + segment + ": leaf " + tree.leaf(segment)
                        + " (expected: " + expected[segment] + ", the largest free block whose header lies in it)");
            }
        }
        tree.verify();
    }
}
