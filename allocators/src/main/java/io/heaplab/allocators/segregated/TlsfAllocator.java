package io.heaplab.allocators.segregated;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.allocators.variable.FreeLists;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;

/**
 * Two-Level Segregated Fit, good fit in O(1) through two levels of bitmaps (Masmano, Ripoll, Crespo &amp; Real,
 * "TLSF: a new dynamic memory allocator for real-time systems", ECRTS 2004).
 *
 * <h2>The classes</h2>
 *
 * Sizes are in cells. The first level splits them by powers of two, the second splits each power of two into
 * {@code 2^sli} equal ranges (SLI, the second-level index, {@code sli} bits). Sizes below {@code 2^sli} cells, too
 * small to split that finely, lie one per list in row 0, as in the usual implementations:
 *
 * <pre>
 *  size s &lt; 2^sli:   fl = 0                               sl = s
 *  size s &gt;= 2^sli:  fl = floor(log2 s) - sli + 1         sl = the sli bits of s after its leading one
 *
 *  sli = 4:   fl 0: 0..15 cells, one per list   fl 1: 16..31, 1 per list   fl 2: 32..63, 2 per list (32-33, 34-35 ..)
 *             fl 3: 64..127, 4 per list ...     fl r: 2^(r+3) .. 2^(r+4) - 1, 2^(r-1) per list
 *
 *  first-level bitmap   ..0 1 0 1 1     bit fl: some list of row fl is non-empty
 *  second-level bitmaps [fl] ..0 0 1 0  bit sl: list (fl, sl) is non-empty
 *  lists                (fl, sl) -&gt; LIFO list of free blocks, list number fl * 2^sli + sl
 * </pre>
 *
 * A free block goes to the head of the list of its exact class ({@code mapping_insert}). A request first rounds
 * its size up to the next class boundary ({@code mapping_search}: add {@code 2^(floor(log2 s) - sli) - 1} and
 * map), so that every block of that class or any above it fits; the first non-empty list at or above that class is
 * found with two bit scans, and its head is taken whole or split, the rest going back by its exact class. The
 * price of O(1) is that a request is rejected, or a growable heap grows, while a block that fits sits in the class
 * just below the rounded one: a request of 33 cells ({@code sli = 4}) looks in the class of 34-35 and up, so a free
 * block of exactly 33 cells is not seen.
 *
 * <h2>Searches</h2>
 *
 * The lists whose heads are examined: exactly one per request, the list found or, for a rejection, the class the
 * request mapped to, however many blocks are free. The bit scans are not counted; they are a constant two words.
 */
public final class TlsfAllocator extends CellAllocator {

    /** The second-level bits of the paper's implementation: 16 lists per power of two. */
    public static final int DEFAULT_SLI = 4;
    /** The most second-level bits an {@code int} bitmap holds. */
    public static final int MAX_SLI = 5;
    /** The first level of the largest block the cell layer makes, {@code 2^29 - 1} cells. */
    private static final int LOG2_MAX_CELLS = 28;

    private final int sli;
    private final int rows;
    private final FreeLists lists;
    private final int[] secondLevel;
    private int firstLevel;

    /** TLSF with 16-byte cells and 16 lists per power of two. */
    public TlsfAllocator(AllocatorSetup setup) {
        this(setup, DEFAULT_CELL, DEFAULT_SLI);
    }

    /**
     * @param cell bytes per cell, a power of two from 16 to the page size
     * @param sli  second-level bits, 1 to {@link #MAX_SLI}: {@code 2^sli} lists per power of two
     */
    public TlsfAllocator(AllocatorSetup setup, int cell, int sli) {
        checkSli(sli);
        super(setup, cell);
        this.sli = sli;
        this.rows = LOG2_MAX_CELLS - sli + 2;
        this.lists = new FreeLists(this, rows << sli);
        this.secondLevel = new int[rows];
        claimBoundedArena();
    }

    /** Fails with a one-line {@link SpecException} unless {@code sli} is 1 to {@link #MAX_SLI}. */
    public static void checkSli(int sli) {
        if (sli < 1 || sli > MAX_SLI) {
            throw new SpecException(TlsfAllocatorProvider.NAME + ": sli=" + sli + " (expected: 1 to " + MAX_SLI
                    + " second-level bits, 2 to " + (1 << MAX_SLI) + " lists per power of two)");
        }
    }

    // ---- the mapping --------------------------------------------------------------------------------------

    /** {@code mapping_insert}: the list {@code fl * 2^sli + sl} of a free block of {@code cells} cells. */
    public int insertClass(int cells) {
        if (cells < 1 << sli) {
            return cells;
        }
        int log2 = 31 - Integer.numberOfLeadingZeros(cells);
        return (log2 - sli + 1) << sli | (cells >>> (log2 - sli)) - (1 << sli);
    }

    /**
     * {@code mapping_search}: the lowest list every block of which holds {@code cells} cells, the request
     * rounded up to the next class boundary; may lie beyond the last row.
     */
    public int searchClass(int cells) {
        if (cells >= 1 << sli) {
            cells += (1 << (31 - Integer.numberOfLeadingZeros(cells) - sli)) - 1;
        }
        return insertClass(cells);
    }

    @Override
    protected int find(int cells) {
        searches++;
        int list = searchClass(cells);
        int fl = list >>> sli;
        if (fl >= rows) {
            return -1;
        }
        int map = secondLevel[fl] & -1 << (list & (1 << sli) - 1);
        if (map == 0) {
            int above = firstLevel & -1 << fl + 1;
            if (above == 0) {
                return -1;
            }
            fl = Integer.numberOfTrailingZeros(above);
            map = secondLevel[fl];
        }
        return lists.head(fl << sli | Integer.numberOfTrailingZeros(map));
    }

    @Override
    protected void insertFree(int block, int cells) {
        int list = insertClass(cells);
        lists.pushFront(list, block);
        int fl = list >>> sli;
        secondLevel[fl] |= 1 << (list & (1 << sli) - 1);
        firstLevel |= 1 << fl;
    }

    @Override
    protected void removeFree(int block, int cells) {
        int list = insertClass(cells);
        lists.remove(list, block);
        if (lists.isEmpty(list)) {
            int fl = list >>> sli;
            secondLevel[fl] &= ~(1 << (list & (1 << sli) - 1));
            if (secondLevel[fl] == 0) {
                firstLevel &= ~(1 << fl);
            }
        }
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

    public int sli() {
        return sli;
    }

    /** The free blocks of list {@code fl * 2^sli + sl}, head first, as cell numbers. */
    public int[] blocksIn(int list) {
        return lists.blocks(list);
    }

    /**
     * The cell layer's checks, the lists' links, every free block in the list of its exact class, and both bitmap
     * levels telling which lists and rows are non-empty.
     */
    @Override
    public void verify() {
        super.verify();
        lists.verify(this::insertClass);
        for (int list = 0; list < lists.count(); list++) {
            int fl = list >>> sli;
            boolean bit = (secondLevel[fl] >>> (list & (1 << sli) - 1) & 1) != 0;
            if (bit == lists.isEmpty(list)) {
                throw new IllegalStateException("list " + list + ": second-level bit " + bit + " (expected: "
                        + !lists.isEmpty(list) + ")");
            }
        }
        for (int fl = 0; fl < rows; fl++) {
            boolean bit = (firstLevel >>> fl & 1) != 0;
            if (bit != (secondLevel[fl] != 0)) {
                throw new IllegalStateException("row " + fl + ": first-level bit " + bit + " (expected: "
                        + (secondLevel[fl] != 0) + ")");
            }
        }
    }
}
