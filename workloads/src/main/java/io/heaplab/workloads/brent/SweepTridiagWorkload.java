package io.heaplab.workloads.brent;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * TRIDIAG's first model, kept as {@code tridiag:model=sweep} for comparison with {@link TridiagWorkload}: the
 * rotation traffic of a systolic array in which every processor passes each rotation on at once and applies one a
 * tick, in the order rotations reach it, whatever the dependencies between them. TRIDIAG (Brent, "The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual
 * Memory", section 3.1): the tridiagonalization of a symmetric matrix by Givens rotations on a simulated systolic
 * array (Bojanczyk and Brent, "Tridiagonalization of a symmetric matrix on a square array of mesh-connected
 * processors"), as a list-processing program whose every cell lives in the heap.
 *
 * <p>Brent chose it as "typical of many list processing programs in that its usage of memory builds up to a peak
 * and never reaches even approximate equilibrium"; its blocks are 6 bytes, as each "contains only a small integer
 * and a pointer to another block". For n = 128 his Pascal program made 1,803,213 allocations and 1,789,653 frees,
 * with at most 545,777 blocks allocated at once. That program is not published; this one follows the algorithm's
 * structure, and the one rate it leaves free, how often a step is issued, is calibrated to those three counts
 * (see <em>Calibration</em>).
 *
 * <h2>The array</h2>
 *
 * One processor per element of the lower triangle (the matrix is symmetric, so the triangle is all of it):
 * processor (r, c), c &le; r, holds a(r, c). Step k, for k = 0 .. n-3, annihilates column k below the subdiagonal
 * from the bottom up: for i = n-1 down to k+2, processor (i, k) makes the rotation G of rows and columns i-1, i
 * that zeroes a(i, k) against a(i-1, k), and sends it east. G must reach every element of rows i-1, i and, by
 * symmetry, of columns i-1, i: it travels east along row i, where each processor rotates its element with the one
 * above; at the subdiagonal it rotates the 2 x 2 diagonal block from both sides; then it turns south down column
 * i-1, where each processor rotates its element with the one to its east. So a rotation of step k visits n-2-k
 * processors, one hop a tick, and the diagonal processors only hold their elements.
 *
 * <pre>
 *  n = 6, step 0, the rotation of rows and columns 2, 3:
 *
 *           col 0   col 1   col 2   col 3   col 4   col 5
 *   row 0     .
 *   row 1     .       .
 *   row 2     .       .       .
 *   row 3     G  -->  R  -->  B       .
 *                             |
 *   row 4     .       .       C       .       .
 *                             |
 *   row 5     .       .       C       .       .       .
 *
 *   G  (3,0) zeroes a(3,0) against a(2,0) and sends the rotation east
 *   R  (3,1) rotates a(2,1), a(3,1): rows 2, 3
 *   B  (3,2) rotates the block a(2,2), a(3,2), a(3,3) from both sides, and turns the rotation south
 *   C  (r,2) rotates a(r,2), a(r,3): columns 2, 3
 * </pre>
 *
 * <h2>Cells and lists</h2>
 *
 * Every datum is a 6-byte cell: a 16-bit small integer and a 4-byte pointer, little-endian and unaligned, read and
 * written through {@link HeapAccess}. Nil is -1, which is no address (the heap's addresses start at 0).
 *
 * <pre>
 *  a cell        +--------------+----------------------------+
 *                | value: short | link: int address, -1 nil  |
 *                +--------------+----------------------------+
 *                0              2                            6
 *
 *  row r         [a(r,0)|*]--&gt;[a(r,1)|*]--&gt; ... --&gt;[a(r,r)|nil]
 *  a message     [i|*]--&gt;[cos|*]--&gt;[sin|*]--&gt; first cell of the next message in its queue, or nil
 *  a queue       head --&gt; [i|*]-&gt;[cos|*]-&gt;[sin|*]-&gt;[i|*]-&gt;[cos|*]-&gt;[sin|nil] &lt;-- tail
 * </pre>
 *
 * A message is one rotation: which rows (i), and its cosine and sine as 14-bit fixed-point fractions. Each
 * processor has two queues, an inbox of messages that arrived and a work queue of messages it passed on but has
 * not applied yet; their heads and tails, and the address of each processor's element cell, are {@code int}
 * arrays on the Java side, the processors' registers. Queues are walked by following the stored links.
 *
 * <h2>A tick</h2>
 *
 * <ol>
 *   <li>When a step is due (step k at tick &lceil;3k/2&rceil;: two steps every three ticks), column k makes its
 *       rotations from the bottom up, reading and writing its element cells, and sends each as a new 3-cell
 *       message to the inbox of (i, k+1).</li>
 *   <li>Every processor, from the south-east corner back to the north-west (so what it passes on lands in a
 *       processor already visited, and a message moves one hop a tick), walks its inbox, checks each message, and
 *       sends a copy (3 new cells) to the next processor on the message's path; links the whole inbox onto the
 *       end of its work queue with one pointer store; then applies the rotation at the head of its work queue,
 *       reading its three cells, rotating its elements, and freeing the three cells.</li>
 * </ol>
 *
 * The run ends when every step has been issued and every queue is empty. The matrix stays allocated: it is the
 * result, the modest remainder (Brent's program ended with 13,560 blocks still allocated).
 *
 * <h2>Why usage builds up to a peak</h2>
 *
 * A rotation's parameters do not depend on the data of the processors it passes, so a processor passes it on at
 * once (this is what pipelining means) and applies it when it can. While the steps k &lt; c are being issued, a
 * processor in column c receives two rotations a step, one along its row and one down its column: 4/3 a tick,
 * against the one a tick it applies. So every processor's backlog grows until the issuing column has passed it,
 * then drains; the columns to the east, which receive longest, drain last. The live cells rise through almost
 * all the allocations (the peak comes after about 92% of them, for every n) and then fall to the matrix as the
 * backlogs drain; there is no equilibrium.
 *
 * <h2>What it computes</h2>
 *
 * Every update is a rotation of real matrix elements, so the run preserves the trace exactly (the diagonal block's
 * new a(i,i) is computed as the old trace of the block less the new a(i-1,i-1)) and the Frobenius norm up to
 * rounding. But a processor applies rotations in the order they reach it, and a column may make its rotations
 * before every older rotation has reached its elements: the real array times its steps so that this never
 * happens, with a schedule this simulation does not reproduce. So the result is a symmetric matrix with the
 * input's trace and norm, not its tridiagonal form. A schedule that respects every dependency does not help:
 * the last rotation of step k touches all of column k + 1, so step k + 1 cannot start before step k has reached
 * it, the steps run one after another, and at most about two steps' messages are ever in flight, some 2.5 n^2
 * cells (40,515 at n = 128, against the paper's 545,777). Brent's peak of about n^3 / 4 must therefore come
 * from data his program kept that the paper does not describe. What TRIDIAG is here for, as in Brent's paper,
 * is its storage: how many lists, how long, how long-lived, and the references made walking them. The seed fixes
 * the input (elements uniform in [-63, 63]); the traffic, and so every count, does not depend on it.
 *
 * <p>Consistency is checked as the run goes: every message read must name a rotation that may reach that
 * processor, its cosine and sine must satisfy c&sup2; + s&sup2; = 2&sup2;&#8312; within rounding, every link
 * followed must point into the heap, and at the end each row list must link exactly the processors' element
 * cells and the trace must be unchanged. A cell changed while queued (overlapping blocks, a freed cell written or
 * read) fails the run with an {@link IllegalStateException} naming the address.
 *
 * <h2>Calibration</h2>
 *
 * Three structural parameters; nothing was tuned against page faults.
 * <ul>
 *   <li>{@link #CELLS_PER_MESSAGE} = 3: what a rotation is (which rows, cosine, sine), a small integer each. Not
 *       tuned: it fixes the allocations at 3 per message hop, about n&sup3;.</li>
 *   <li>{@link #APPLIES_PER_TICK} = 1: one rotation (a handful of multiplications) per processor per tick, the
 *       systolic norm.</li>
 *   <li>The issue period, {@link #TICKS_PER_ROUND} / {@link #STEPS_PER_ROUND} = 3/2 ticks a step, is the one tuned
 *       rate: it sets how fast backlogs grow, so the peak. For n = 128, one step a tick peaks at 979,719 cells
 *       (+80% of Brent's), 4/3 at 704,925 (+29%), 3/2 at 589,593 (+8.0%), 5/3 at 484,620 (-11%), 2 at
 *       310,074 (-43%).</li>
 * </ul>
 *
 * Counts (the same for every seed; references as made with blocks that do not straddle pages):
 *
 * <pre>
 *      n   allocations        frees   peak live   final live   ticks    references
 *     16         3,181        3,045       1,057          136      38        24,358
 *     32        28,893       28,365       8,871          528      86       221,542
 *     64       246,205      244,125      72,763        2,080     182     1,887,974
 *    128     2,032,509    2,024,253     589,593        8,256     374    15,584,742
 *    256    16,516,861   16,483,965   4,749,283       32,896     758   126,639,078
 *
 *    128     1,803,213    1,789,653     545,777       13,560        Brent's TRIDIAG
 *              +12.7%       +13.1%       +8.0%                      this one against it
 * </pre>
 *
 * In general the frees are 3 &times; (n-2)(n-1)(2n-3)/6 (three cells for each of the sum over k of (n-2-k)&sup2;
 * message hops), the allocations are that plus the n(n+1)/2 matrix cells, about n&sup3; in all (Brent's: 0.86
 * n&sup3;); the peak is about 0.28 n&sup3; (0.26 n&sup3;), since the rates do not depend on n and so every one of
 * the n&sup2;/2 backlogs grows in proportion to n; the run lasts 3n - 10 ticks; a full n = 128 run takes well
 * under a second.
 *
 * <p>No object is created per cell operation: queues and elements are addresses in {@code int} arrays, values
 * are {@code int}/{@code long} arithmetic. A bounded heap that refuses a cell drops that message (its rotation goes
 * no further, and the refusals are counted by the context); the matrix itself must fit, or the run fails.
 */
public final class SweepTridiagWorkload implements Workload {

    private static final int CELL = TridiagCells.CELL;

    /** Cells per message: the rotation's index, its cosine, its sine. */
    static final int CELLS_PER_MESSAGE = 3;
    /** Steps issued per round of {@link #TICKS_PER_ROUND} ticks: one step every 1.5 ticks. */
    static final int STEPS_PER_ROUND = 2;
    /** Ticks per round of {@link #STEPS_PER_ROUND} steps. */
    static final int TICKS_PER_ROUND = 3;
    /** Rotations a processor applies per tick, while up to two arrive per step. */
    static final int APPLIES_PER_TICK = 1;
    /** The input's elements are uniform in {@code [-INITIAL_MAX, INITIAL_MAX]}. */
    static final int INITIAL_MAX = 63;

    private static final int VALUE = TridiagCells.VALUE;
    private static final int LINK = TridiagCells.LINK;
    private static final int NIL = TridiagCells.NIL;

    // cosines and sines have 14 fraction bits, so c^2 + s^2 = 2^28 within rounding and c * a fits an int
    private static final int FRACTION = 14;
    private static final int ONE = 1 << FRACTION;
    private static final long HALF = ONE >> 1;
    private static final long HALF_SQUARED = 1L << (2 * FRACTION - 1);
    /** How far c^2 + s^2 may be from 2^28: rounding c and s by 1/2 each moves it by at most about 1.42 * 2^14. */
    private static final long NORM_SLACK = 2L * ONE;

    private final int n;

    /**
     * @param n the order of the matrix, {@link TridiagWorkload#MIN_N} to {@link TridiagWorkload#MAX_N}
     */
    public SweepTridiagWorkload(int n) {
        this.n = TridiagCells.order(n);
    }

    @Override
    public long blockSize() {
        return CELL;
    }

    @Override
    public void run(WorkloadContext context) {
        solve(context);
    }

    /** Runs the workload and tells what became of the matrix, for tests. */
    Outcome solve(WorkloadContext context) {
        return new Mesh(context).run();
    }

    /**
     * What a run did to the matrix.
     *
     * @param ticks      the ticks the array ran for
     * @param trace      the sum of the diagonal, the same before and after (the run fails if it changed)
     * @param normBefore the squared Frobenius norm of the input
     * @param normAfter  the squared Frobenius norm of the result
     */
    record Outcome(long ticks, long trace, long normBefore, long normAfter) {
    }

    /** One run: the processors' registers on the Java side, every cell in the heap. */
    private final class Mesh {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final TridiagCells cells;
        /** Processors (and elements) of the lower triangle: (r, c) is number r(r+1)/2 + c. */
        private final int count = n * (n + 1) / 2;
        /** The address of each processor's element cell. */
        private final int[] element = new int[count];
        /** Each processor's inbox, messages that arrived and are not passed on yet: first cell, last cell. */
        private final int[] inHead = new int[count];
        private final int[] inTail = new int[count];
        /** Each processor's work queue, messages passed on and not applied yet: first cell, last cell. */
        private final int[] workHead = new int[count];
        private final int[] workTail = new int[count];
        private long messages;
        /** The message {@link #read} last read: its rotation, cosine, sine, second and third cells. */
        private int rotation;
        private int cos;
        private int sin;
        private int second;
        private int third;
        private long trace;
        private long norm;

        Mesh(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
            this.cells = new TridiagCells(context);
            Arrays.fill(inHead, NIL);
            Arrays.fill(inTail, NIL);
            Arrays.fill(workHead, NIL);
            Arrays.fill(workTail, NIL);
        }

        Outcome run() {
            load(context.random());
            int next = 0;
            long tick = 0;
            for (; next <= n - 3 || messages > 0; tick++) {
                // step k is due at tick ceil(k * TICKS_PER_ROUND / STEPS_PER_ROUND)
                while (next <= n - 3 && (long) next * TICKS_PER_ROUND <= tick * STEPS_PER_ROUND) {
                    issue(next++);
                }
                // south-east to north-west: what a processor passes on lands in one already visited this tick,
                // so a message moves one hop a tick, whatever the order it was sent in
                for (int r = n - 1, p = count - 1; r >= 0; r--) {
                    for (int c = r; c >= 0; c--, p--) {
                        if (inHead[p] != NIL) {
                            passOn(p, r, c);
                        }
                        for (int a = 0; a < APPLIES_PER_TICK && workHead[p] != NIL; a++) {
                            apply(p, r, c);
                        }
                    }
                }
            }
            return unload(tick);
        }

        /** Allocates the lower triangle row by row, each row a list: the input, and at the end the result. */
        private void load(SplittableRandom random) {
            for (int r = 0, p = 0; r < n; r++) {
                for (int c = 0; c <= r; c++, p++) {
                    int cell = cells.allocate();
                    if (cell == NIL) {
                        throw new IllegalStateException(TridiagProvider.NAME + ": the heap has no room for the "
                                + n + " x " + n + " matrix (expected: room for " + count + " cells of " + CELL
                                + " bytes)");
                    }
                    int v = random.nextInt(-INITIAL_MAX, INITIAL_MAX + 1);
                    heap.setShort(cell + VALUE, (short) v);
                    heap.setInt(cell + LINK, NIL);
                    if (c > 0) {
                        heap.setInt(element[p - 1] + LINK, cell);
                    }
                    element[p] = cell;
                    trace += r == c ? v : 0;
                    norm += (r == c ? 1L : 2L) * v * v;
                }
            }
        }

        /**
         * Step k: column k annihilates its elements below the subdiagonal from the bottom up, each with a rotation
         * of rows i-1 and i that it sends east to (i, k+1).
         */
        private void issue(int k) {
            for (int i = n - 1; i >= k + 2; i--) {
                int upper = index(i - 1, k);
                int lower = index(i, k);
                int x = heap.getShort(element[upper] + VALUE);
                int y = heap.getShort(element[lower] + VALUE);
                double length = Math.sqrt((double) x * x + (double) y * y);
                // a zero pair gets the identity, sent all the same: the traffic never depends on the data
                int cos = length == 0 ? ONE : (int) Math.round(x * ONE / length);
                int sin = length == 0 ? 0 : (int) Math.round(y * ONE / length);
                store(upper, Math.round(length));
                store(lower, 0);
                send(lower + 1, i, cos, sin);
            }
        }

        /**
         * Passes each message of the inbox on along its path, east along row i to the subdiagonal and then south
         * down column i-1, and moves the whole inbox to the end of the work queue.
         */
        private void passOn(int p, int r, int c) {
            for (int m = inHead[p]; m != NIL; ) {
                read(m, r, c);
                if (rotation == r && c < r - 1) {
                    send(p + 1, rotation, cos, sin);
                } else if (r + 1 < n) {
                    send(p + r + 1, rotation, cos, sin);
                }
                m = cells.link(third);
            }
            if (workTail[p] == NIL) {
                workHead[p] = inHead[p];
            } else {
                heap.setInt(workTail[p] + LINK, inHead[p]);
            }
            workTail[p] = inTail[p];
            inHead[p] = NIL;
            inTail[p] = NIL;
        }

        /** Applies the rotation at the head of the work queue to this processor's elements, and frees its cells. */
        private void apply(int p, int r, int c) {
            int m = workHead[p];
            read(m, r, c);
            int rest = cells.link(third);
            workHead[p] = rest;
            if (rest == NIL) {
                workTail[p] = NIL;
            }
            if (c == r - 1) {
                // the diagonal block of rows and columns r-1, r: a(r-1,r-1) is above, a(r,r) to the east
                rotateBlock(p - r, p, p + 1, cos, sin);
            } else if (rotation == r) {
                // rows r-1, r: the element above and this one
                rotatePair(p - r, p, cos, sin);
            } else {
                // columns c, c+1 (that is i-1, i): this element and the one to the east
                rotatePair(p, p + 1, cos, sin);
            }
            context.free(m, CELL);
            context.free(second, CELL);
            context.free(third, CELL);
            messages--;
        }

        /**
         * Reads the three cells of the message at {@code m} into {@link #rotation}, {@link #cos}, {@link #sin},
         * {@link #second} and {@link #third}, and checks it may reach processor (r, c). Fields rather than an
         * object, since this runs for every message at every hop.
         */
        private void read(int m, int r, int c) {
            context.visited(m);
            rotation = heap.getShort(m + VALUE);
            second = cells.link(m);
            context.visited(second);
            cos = heap.getShort(second + VALUE);
            third = cells.link(second);
            context.visited(third);
            sin = heap.getShort(third + VALUE);
            check(m, r, c, rotation, cos, sin);
        }

        /** (x, y) := (c x + s y, -s x + c y) for the elements of processors {@code px}, {@code py}. */
        private void rotatePair(int px, int py, int cos, int sin) {
            long x = heap.getShort(element[px] + VALUE);
            long y = heap.getShort(element[py] + VALUE);
            store(px, (cos * x + sin * y + HALF) >> FRACTION);
            store(py, (cos * y - sin * x + HALF) >> FRACTION);
        }

        /**
         * [a b; b d] := G [a b; b d] G^T with G = [c s; -s c]. The new d is a + d less the new a, so the trace is
         * invariant however the products are rounded, and the run can check it exactly.
         */
        private void rotateBlock(int pa, int pb, int pd, int cos, int sin) {
            long a = heap.getShort(element[pa] + VALUE);
            long b = heap.getShort(element[pb] + VALUE);
            long d = heap.getShort(element[pd] + VALUE);
            long cc = (long) cos * cos;
            long cs = (long) cos * sin;
            long ss = (long) sin * sin;
            long a2 = (cc * a + 2 * cs * b + ss * d + HALF_SQUARED) >> (2 * FRACTION);
            long b2 = (cs * (d - a) + (cc - ss) * b + HALF_SQUARED) >> (2 * FRACTION);
            store(pa, a2);
            store(pb, b2);
            store(pd, a + d - a2);
        }

        /** Reads the result back along the row lists and checks what must hold whatever the order of rotations. */
        private Outcome unload(long ticks) {
            long diagonal = 0;
            long squares = 0;
            for (int r = 0, p = 0; r < n; r++) {
                int cell = element[p];
                for (int c = 0; c <= r; c++, p++) {
                    if (cell != element[p]) {
                        throw new IllegalStateException(TridiagProvider.NAME + ": row " + r + " of the result links"
                                + " to address " + cell + " at column " + c + " (expected: " + element[p] + ")");
                    }
                    long v = heap.getShort(cell + VALUE);
                    diagonal += r == c ? v : 0;
                    squares += (r == c ? 1 : 2) * v * v;
                    cell = cells.link(cell);
                }
                if (cell != NIL) {
                    throw new IllegalStateException(TridiagProvider.NAME + ": row " + r + " of the result goes on"
                            + " past the diagonal, to address " + cell + " (expected: nil)");
                }
            }
            if (diagonal != trace) {
                throw new IllegalStateException(TridiagProvider.NAME + ": the trace went from " + trace + " to "
                        + diagonal + " (expected: unchanged; an element cell was overwritten)");
            }
            return new Outcome(ticks, trace, norm, squares);
        }

        /** Allocates a message, links its cells and appends it to the inbox of {@code to}; dropped if refused. */
        private void send(int to, int i, int cos, int sin) {
            int first = cells.allocate();
            int second = cells.allocate();
            int third = cells.allocate();
            if (first == NIL || second == NIL || third == NIL) {
                // a bounded heap said no: the rotation goes no further along its path
                release(first);
                release(second);
                release(third);
                return;
            }
            heap.setShort(first + VALUE, (short) i);
            heap.setInt(first + LINK, second);
            heap.setShort(second + VALUE, (short) cos);
            heap.setInt(second + LINK, third);
            heap.setShort(third + VALUE, (short) sin);
            heap.setInt(third + LINK, NIL);
            if (inTail[to] == NIL) {
                inHead[to] = first;
            } else {
                heap.setInt(inTail[to] + LINK, first);
            }
            inTail[to] = third;
            messages++;
        }

        private void release(int cell) {
            if (cell != NIL) {
                context.free(cell, CELL);
            }
        }

        private void store(int p, long value) {
            if (value != (short) value) {
                throw new IllegalStateException(TridiagProvider.NAME + ": element " + value + " for the cell at"
                        + " address " + element[p] + " (expected: a 16-bit integer, as the norm is far smaller)");
            }
            heap.setShort(element[p] + VALUE, (short) value);
        }

        /**
         * Fails unless a message read at processor (r, c) is one that may reach it, a rotation of rows r-1, r
         * (from the west) or of columns c, c+1 (from the north), with cosine^2 + sine^2 = 2^28 within rounding.
         */
        private void check(int m, int r, int c, int i, int cos, int sin) {
            long excess = (long) cos * cos + (long) sin * sin - (long) ONE * ONE;
            boolean rows = i == r;
            boolean columns = i == c + 1 && c < r - 1;
            if (!(rows || columns) || excess < -NORM_SLACK || excess > NORM_SLACK) {
                throw new IllegalStateException(TridiagProvider.NAME + ": processor (" + r + ", " + c + ") read a"
                        + " message at address " + m + " for rotation " + i + " with cosine " + cos + " and sine "
                        + sin + " (expected: rotation " + r + (c < r - 1 ? " or " + (c + 1) : "") + ", cosine^2 +"
                        + " sine^2 = 2^28; a cell was changed while in use: overlapping blocks, or a freed cell"
                        + " written or read)");
            }
        }

        private int index(int r, int c) {
            return r * (r + 1) / 2 + c;
        }
    }

    @Override
    public String toString() {
        return TridiagProvider.NAME + ":n=" + n + ",model=sweep";
    }
}
