package io.heaplab.allocators.segregated;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.FreeLists;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;
import java.util.Arrays;

/**
 * Segregated storage: k free lists by size, the first block of the next larger non-empty list, else a search of
 * the request's own list (Purdom, Stigler &amp; Cheam 1970, sections 2 and 3).
 *
 * <h2>The lists</h2>
 *
 * A table of bounds {@code a_1 < a_2 < ... < a_m} (cells) makes {@code m + 1} lists: list {@code i} holds the free
 * blocks whose size {@code s} satisfies {@code a_(i-1) < s <= a_i} ({@code a_0 = 0}), and list {@code m + 1} every
 * larger block. The paper ends the table at {@code a_k}, the whole memory: here the lists searched end at list
 * {@code k}, the one that holds a block of the whole arena, since no free block can lie in a list above it. In a
 * bounded heap that is the paper's table; in a growable heap {@code k} rises as the arena grows. By default
 * {@code a_i = 2^(i-1)} (1, 2, 4, 8, ... cells), the choice of the paper's section 4, so a bounded heap of 256 cells
 * has {@code k = 9} lists, the last up to 256 cells.
 *
 * <pre>
 *  list   1    2    3      4      5       ...  k
 *  sizes  1    2    3..4   5..8   9..16   ...  (a_(k-1), a_k]
 *  head   o    -    o      -      o            o          each list LIFO, threaded through its free blocks
 *         |         |             |
 *         o         o             o
 * </pre>
 *
 * <h2>A request for b cells</h2>
 *
 * With {@code a_(i-1) < b <= a_i}: the first block of list {@code i + 1}, else of {@code i + 2}, ... up to
 * {@code k}; every block there is larger than {@code a_i >= b}, so the first one fits. If all those lists are
 * empty, list {@code i} is searched from its head for the first block of at least {@code b} cells. If none, there
 * is no room: a bounded heap rejects, a growable one grows. The block gives {@code b} cells from its low end and
 * the rest goes to the head of its list; a freed block, merged with its free neighbours, goes to the head of its
 * list.
 *
 * <h2>Searches</h2>
 *
 * Purdom's count of list elements searched: each list looked at above list {@code i} counts one, empty or not (the
 * paper's light-load cost is searching empty lists); in list {@code i} each block examined counts one, and an
 * empty list one. A hit on the first block of list {@code i + 1} costs 1; a request whose lists {@code i + 1} to
 * {@code k} are all empty costs {@code k - i} plus what list {@code i} costs. A request larger than the arena
 * (no list {@code i <= k}) looks at its own, empty, list: 1.
 */
public final class SegregatedStorageAllocator extends CellAllocator {

    /** The option value for the default table {@code a_i = 2^(i-1)}. */
    public static final String POWERS = "powers";
    /** What a table looks like, for error messages. */
    static final String EXPECTED = "positive cell counts separated by '/', each larger than the one before, like"
            + " 1/2/4/8, or '" + POWERS + "'";
    /** {@code a_i = 2^(i-1)} up to {@code 2^28}; blocks above it, up to the cell layer's largest, share a list. */
    private static final int[] POWERS_OF_TWO = powersOfTwo(28);

    /** {@code a_1 .. a_m}: {@code bounds[j]} is the upper bound of list {@code j} (0-based here, 1-based in docs). */
    private final int[] bounds;
    /** Whether the bounds are the powers of two, so a size's list is a bit scan rather than a search. */
    private final boolean powers;
    private final FreeLists lists;
    /** The arena size {@link #lastList} was computed for. */
    private int arenaSeen = -1;
    /** The 0-based index of list k, the list of a block of the whole arena. */
    private int lastList;

    /** Segregated storage with 16-byte cells and the paper's table of powers of two. */
    public SegregatedStorageAllocator(AllocatorSetup setup) {
        this(setup, DEFAULT_CELL, POWERS_OF_TWO);
    }

    /**
     * @param cell   bytes per cell, a power of two from 16 to the page size
     * @param bounds {@code a_1 .. a_m} in cells, strictly increasing and positive; list {@code m + 1} holds the
     *               larger blocks
     */
    public SegregatedStorageAllocator(AllocatorSetup setup, int cell, int[] bounds) {
        int[] table = checkBounds(bounds);
        super(setup, cell);
        this.bounds = table;
        this.powers = Arrays.equals(table, POWERS_OF_TWO);
        this.lists = new FreeLists(this, table.length + 1);
        claimBoundedArena();
    }

    /**
     * Parses a table like {@code 1/2/4/8} or the word {@code powers}; a bad one fails with a one-line
     * {@link SpecException} naming the option.
     */
    public static int[] parseBounds(String text) {
        if (POWERS.equals(text)) {
            return POWERS_OF_TWO.clone();
        }
        String[] items = text.split("/", -1);
        int[] table = new int[items.length];
        for (int j = 0; j < items.length; j++) {
            try {
                table[j] = Integer.parseInt(items[j].strip());
            } catch (NumberFormatException e) {
                throw new SpecException(SegregatedStorageAllocatorProvider.NAME + ": bounds=" + text + ": '"
                        + items[j] + "' is not a cell count (expected: " + EXPECTED + ")");
            }
        }
        return checkBounds(table, text);
    }

    private static int[] checkBounds(int[] bounds) {
        StringBuilder text = new StringBuilder();
        for (int bound : bounds) {
            text.append(text.isEmpty() ? "" : "/").append(bound);
        }
        return checkBounds(bounds.clone(), text.toString());
    }

    private static int[] checkBounds(int[] table, String text) {
        String prefix = SegregatedStorageAllocatorProvider.NAME + ": bounds=" + text + ": ";
        if (table.length == 0) {
            throw new SpecException(prefix + "no bounds (expected: " + EXPECTED + ")");
        }
        if (table[0] <= 0) {
            throw new SpecException(prefix + table[0] + " is not positive (expected: " + EXPECTED + ")");
        }
        for (int j = 1; j < table.length; j++) {
            if (table[j] <= table[j - 1]) {
                throw new SpecException(prefix + table[j] + " does not exceed " + table[j - 1] + " (expected: "
                        + EXPECTED + ")");
            }
        }
        return table;
    }

    private static int[] powersOfTwo(int maxExponent) {
        int[] table = new int[maxExponent + 1];
        for (int j = 0; j <= maxExponent; j++) {
            table[j] = 1 << j;
        }
        return table;
    }

    // ---- the lists ----------------------------------------------------------------------------------------

    /** The 0-based list of a block of {@code cells} cells: the first {@code j} with {@code bounds[j] >= cells}. */
    private int index(int cells) {
        if (powers) {
            // the first j with 2^j >= cells, as the search finds it; past 2^28 cells, the list beyond the table
            return cells <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(cells - 1);
        }
        int at = Arrays.binarySearch(bounds, cells);
        return at >= 0 ? at : -at - 1;
    }

    /** The 0-based index of list k, which holds a block of the whole arena; no free block lies above it. */
    private int lastIndex() {
        int arena = arenaCells();
        if (arena != arenaSeen) {
            arenaSeen = arena;
            lastList = index(arena);
        }
        return lastList;
    }

    @Override
    protected int find(int cells) {
        int own = index(cells);
        int last = lastIndex();
        for (int list = own + 1; list <= last; list++) {
            searches++;
            int head = lists.head(list);
            if (head != FreeLists.NONE) {
                return head;
            }
        }
        searches++;
        for (int block = lists.head(own); block != FreeLists.NONE; ) {
            if (cellsOf(block) >= cells) {
                return block;
            }
            block = lists.next(block);
            if (block != FreeLists.NONE) {
                searches++;
            }
        }
        return -1;
    }

    @Override
    protected void insertFree(int block, int cells) {
        lists.pushFront(index(cells), block);
    }

    @Override
    protected void removeFree(int block, int cells) {
        lists.remove(index(cells), block);
    }

    @Override
    protected int freeBlocksKept() {
        int n = 0;
        for (int list = 0; list < lists.count(); list++) {
            n += lists.size(list);
        }
        return n;
    }

    // ---- for tests and reports ----------------------------------------------------------------------------

    /** The paper's {@code i} (from 1) of a block of {@code cells} cells: {@code a_(i-1) < cells <= a_i}. */
    public int listOf(int cells) {
        return index(cells) + 1;
    }

    /** The paper's {@code k}: how many lists a request may look at now, the last holding the whole arena. */
    public int lists() {
        return lastIndex() + 1;
    }

    /** The free blocks of list {@code i} (from 1), head first, as cell numbers. */
    public int[] blocksIn(int i) {
        return lists.blocks(i - 1);
    }

    /** {@code a_1 .. a_m}, a copy. */
    public int[] bounds() {
        return bounds.clone();
    }

    /** The cell layer's checks, the lists' links, and that every free block sits in the list of its size. */
    @Override
    public void verify() {
        super.verify();
        lists.verify(this::index);
    }
}
