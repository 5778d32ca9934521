package io.heaplab.workloads.brent;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * TRIDIAG (Brent, "The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual
 * Memory", section 3.1): the tridiagonalization of a symmetric matrix by Givens rotations on a simulated array of
 * mesh-connected processors (Bojanczyk and Brent), every message a linked list of 6-byte cells in the heap, every
 * dependency of the algorithm respected, so the result is the tridiagonal form of the input.
 *
 * <p>Brent's program is not published, nor is the array's exact schedule in the copy of the paper we have; this
 * is the algorithm's data flow as the paper states it (Givens rotations, a mesh, a program that "simulates" the
 * array), with the choices it leaves open named below. The earlier model, which passed rotations on and applied
 * them in arrival order whatever the dependencies, is {@link SweepTridiagWorkload} ({@code tridiag:model=sweep}).
 *
 * <h2>The algorithm</h2>
 *
 * Step k, for k = 0 .. n-3, annihilates column k below the subdiagonal from the bottom up: for i = n-1 down to k+2,
 * the rotation G(k, i) of rows and columns i-1, i zeroes a(i, k) against a(i-1, k), and A := G A G^T. Numbered in
 * that order, rotation (k, i) is the {@code base(k) + n-1-i}-th of all {@code (n-1)(n-2)/2}.
 *
 * <h2>The array</h2>
 *
 * One processor per element of the lower triangle holds a(r, c), c &le; r, in a register (a double: the processors'
 * arithmetic, not list storage). Processor (i, k) makes G(k, i) and applies it to a(i-1, k), a(i, k); the rotation
 * then travels one hop a tick as a message: east along row i, where (i, c) rotates a(i-1, c) with its own a(i, c);
 * at (i, i-1) it rotates the 2 x 2 diagonal block from both sides; then south down column i-1, where (r, i-1)
 * rotates its own a(r, i-1) with a(r, i). So a rotation of step k is sent n-2-k times.
 *
 * <pre>
 *  n = 6, rotation (0, 3), of rows and columns 2, 3:
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
 * </pre>
 *
 * <h2>Dependencies</h2>
 *
 * Every element is changed by a fixed sequence of rotations; an update of an element may happen only when every
 * rotation before it in that element's sequence has been applied. Each element remembers the number of the last
 * rotation applied to it, and an update waits until, for each element it changes, that is the rotation just before
 * its own ({@code previous}, computed from the indices alone). So however the array's timing falls, every element
 * sees exactly the updates of the sequential algorithm, in its order, and the arithmetic is the sequential
 * algorithm's: the run ends with the tridiagonal form, whose eigenvalues are the input's.
 *
 * <h2>Cells, messages and queues</h2>
 *
 * <pre>
 *  a cell        +--------------+----------------------------+
 *                | value: short | link: int address, -1 nil  |
 *                +--------------+----------------------------+
 *                0              2                            6
 *
 *  a message     [angle high|*]--&gt;[angle low|*]--&gt; first cell of the next message in its queue, or nil
 * </pre>
 *
 * A rotation is sent as its angle, a 32-bit fraction of pi in two cells (a cell's value is a small integer), so
 * the cosine and sine every processor computes from it are exactly those its maker applied; the maker's rounding of
 * the angle, at most pi / 2^32, is the only approximation, and it is orthogonal. Which rotation a message is needs
 * no cell: each processor receives from the west rotations of rows r-1, r and from the north rotations of columns
 * c, c+1, one for each step k &lt; c, in order, so it counts them in a register.
 *
 * <p>Each processor has, for each of the two directions, an inbox (messages arrived, not yet passed on) and a work
 * queue (passed on, not yet applied): linked lists whose heads and tails are {@code int} arrays on the Java side,
 * the processors' registers. A message is applied at the head of its work queue and its two cells freed there; its
 * copy, two new cells, went to the next processor on its path. Queues are drained in bursts, first in first out.
 *
 * <h2>A tick</h2>
 *
 * The processors with something to do (a message arrived, or an element they wait on changed) are visited from the
 * south-east corner back to the north-west, so what one sends is seen by the next processor at the next tick. A
 * visited processor:
 * <ol>
 *   <li>passes on every message of each inbox (reading its two cells and sending a copy) and links the passed
 *       messages onto the end of the work queue with one store; a processor at the end of a path passes nothing
 *       on and does not read them;</li>
 *   <li>applies queued rotations, the older first, for as long as their elements are ready, reading and freeing
 *       their cells;</li>
 *   <li>if it is the maker of a rotation and its two elements are ready, makes it.</li>
 * </ol>
 *
 * <h2>The second phase: rotations kept for the eigenvectors</h2>
 *
 * Brent's counts (below) need data the paper does not describe: the traffic alone never holds more than a few steps'
 * messages. The algorithm's natural candidate is what an eigensolver must keep for its eigenvectors, the rotations
 * themselves: each maker also appends its rotation, two cells, to one list in the order rotations are made. When
 * the array is done, the back-transformation reads that list from its head, accumulating Q = G_m ... G_1 (so that
 * Q A Q^T is the tridiagonal result, and Q^T carries the tridiagonal matrix's eigenvectors to the input's), and
 * frees each rotation as it goes. Q, n x n doubles, is the host's, like the elements.
 *
 * <h2>Counts</h2>
 *
 * The same for every seed (the traffic does not depend on the values): {@code M = (n-2)(n-1)(2n-3)/6} messages of
 * two cells, {@code R = (n-1)(n-2)/2} kept rotations of two cells, so {@code 2(M + R)} allocations (about
 * {@code 2n^3/3}) and as many frees; nothing stays allocated. The peak is the rotations in flight and those kept
 * so far, which grows as n^2; see {@code docs/reproduce-brent.md} for the counts at each n against Brent's.
 *
 * <h2>Checks</h2>
 *
 * Every link followed must point into the heap; at the end every queue is empty, every rotation has been made, the
 * kept list holds exactly R rotations, and the trace of the cube, tr(A^3), an invariant of a similarity that
 * norm and trace (kept by any rotation of pairs) are not, is the input's within rounding: a cell changed while
 * queued (overlapping blocks, a freed cell written) fails the run with an {@link IllegalStateException}.
 *
 * <p>A bounded heap that refuses a cell holds the message back: the processor keeps it in its inbox, or does not
 * make its rotation yet, and tries again at the next tick, as a real array's full buffer makes its neighbour wait.
 * The kept rotations give way to the traffic: when one cannot be kept, or a tick passes in which nothing could
 * move, they are freed and no more are kept (the run computes the tridiagonal form but not the eigenvectors' Q). If
 * nothing can move with none kept, the heap is too small for the rotations in flight and the run fails with a
 * one-line message.
 */
public final class TridiagWorkload implements Workload {

    /** Bytes per cell, Brent's block: a 2-byte small integer and a 4-byte pointer to another cell. */
    public static final int CELL = TridiagCells.CELL;
    /** The smallest order with a rotation to make. */
    public static final int MIN_N = TridiagCells.MIN_N;
    /** The largest order: a run's heap stays within a cell's 4-byte pointer. */
    public static final int MAX_N = TridiagCells.MAX_N;

    /** Cells per message and per kept rotation: the angle's high and low halves. */
    static final int CELLS_PER_MESSAGE = 2;
    /** The input's elements are integers uniform in {@code [-INITIAL_MAX, INITIAL_MAX]}. */
    static final int INITIAL_MAX = 63;

    private static final int VALUE = TridiagCells.VALUE;
    private static final int LINK = TridiagCells.LINK;
    private static final int NIL = TridiagCells.NIL;
    /** The unit of a message's angle: pi / 2^31, so an int spans [-pi, pi). */
    private static final double ANGLE_UNIT = Math.PI / (1L << 31);
    /** How far tr(A^3) may move, over the cube of the norm: rounding leaves it near 1e-13. */
    private static final double CUBE_TOLERANCE = 1e-8;

    // directions a message arrives from
    private static final int WEST = 0;
    private static final int NORTH = 1;

    private final int n;

    /**
     * @param n the order of the matrix, {@link #MIN_N} to {@link #MAX_N}
     */
    public TridiagWorkload(int n) {
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

    /** Runs the workload and tells what it computed, for tests. */
    Outcome solve(WorkloadContext context) {
        return new Mesh(context).run();
    }

    /** Messages sent: {@code (n-2)(n-1)(2n-3)/6}. */
    static long messages(int n) {
        return (long) (n - 2) * (n - 1) * (2L * n - 3) / 6;
    }

    /** Rotations made: {@code (n-1)(n-2)/2}. */
    static long rotations(int n) {
        return (long) (n - 1) * (n - 2) / 2;
    }

    /**
     * What a run computed.
     *
     * @param ticks  the ticks the array ran for
     * @param input  the input, dense and symmetric
     * @param result the array's result, dense and symmetric: tridiagonal
     * @param q      the back-transformation's product of the rotations, with {@code q input q^T = result}; null
     *               if a bounded heap made the run give the kept rotations up
     */
    record Outcome(long ticks, double[][] input, double[][] result, double[][] q) {
    }

    /** One run: the processors' registers on the Java side, every message and kept rotation in the heap. */
    private final class Mesh {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final TridiagCells cells;
        /** Processors (and elements) of the lower triangle: (r, c) is number r(r+1)/2 + c. */
        private final int count = n * (n + 1) / 2;
        private final int[] rowOf = new int[count];
        private final int[] columnOf = new int[count];
        /** The elements, in the processors' registers. */
        private final double[] element = new double[count];
        /** The number of the last rotation applied to each element, or -1. */
        private final int[] last = new int[count];
        /** The number of step k's first rotation. */
        private final int[] base = new int[n];
        // by direction, then processor: inboxes and work queues (first cell, last cell), steps applied
        private final int[][] inHead = new int[2][count];
        private final int[][] inTail = new int[2][count];
        private final int[][] workHead = new int[2][count];
        private final int[][] workTail = new int[2][count];
        private final int[][] applied = new int[2][count];
        private final boolean[] made = new boolean[count];
        /** Whether rotations are still kept: a bounded heap too small for them and the traffic gives them up. */
        private boolean keeping = true;
        /** The kept rotations, oldest first. */
        private int keptHead = NIL;
        private int keptTail = NIL;
        private long inFlight;
        // the processors to visit at the next tick, and at this one
        private int[] next = new int[count];
        private int nextSize;
        private int[] now = new int[count];
        private final boolean[] due = new boolean[count];
        /** Whether anything moved in this tick: a message passed or applied, a rotation made. */
        private boolean moved;
        /** The angle of the message {@link #read} last read, and the first cell after it. */
        private int angle;
        private int after;
        /** The second cell of the pair {@link #pair} allocated last. */
        private int pairSecond;
        // the program's phases, for a run's diagnostics
        private final int passing;
        private final int applying;
        private final int making;
        private final int backTransforming;

        Mesh(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
            this.cells = new TridiagCells(context);
            this.passing = context.phase("pass on");
            this.applying = context.phase("apply");
            this.making = context.phase("make");
            this.backTransforming = context.phase("back-transform");
            for (int r = 0, p = 0; r < n; r++) {
                for (int c = 0; c <= r; c++, p++) {
                    rowOf[p] = r;
                    columnOf[p] = c;
                }
            }
            for (int k = 1; k < n; k++) {
                base[k] = base[k - 1] + Math.max(0, n - 2 - (k - 1));
            }
            Arrays.fill(last, -1);
            for (int[] heads : new int[][] {inHead[0], inHead[1], inTail[0], inTail[1], workHead[0], workHead[1],
                    workTail[0], workTail[1]}) {
                Arrays.fill(heads, NIL);
            }
        }

        Outcome run() {
            double[][] input = load(context.random());
            for (int p = 0; p < count; p++) {
                wake(p);
            }
            long ticks = 0;
            while (nextSize > 0) {
                ticks++;
                int[] visiting = next;
                int size = nextSize;
                next = now;
                now = visiting;
                nextSize = 0;
                for (int j = 0; j < size; j++) {
                    due[visiting[j]] = false;
                }
                Arrays.sort(visiting, 0, size);
                moved = false;
                // south-east to north-west: what a processor sends is seen at the next tick
                for (int j = size - 1; j >= 0; j--) {
                    visit(visiting[j]);
                }
                if (!moved && nextSize > 0 && !abandonKept()) {
                    throw new IllegalStateException(TridiagProvider.NAME + ": nothing could move at tick " + ticks
                            + " with " + inFlight + " messages in flight and every cell refused (expected: a heap"
                            + " with room for the rotations in flight)");
                }
            }
            checkDone();
            double[][] result = dense();
            checkSimilar(input, result);
            return new Outcome(ticks, input, result, keeping ? backTransform() : null);
        }

        /**
         * Gives up the eigenvectors to make room for the rotations in flight: frees the kept rotations and keeps
         * no more. False if none were kept.
         */
        private boolean abandonKept() {
            if (!keeping) {
                return false;
            }
            keeping = false;
            for (int m = keptHead; m != NIL; ) {
                int second = cells.link(m);
                int next = cells.link(second);
                context.free(m, CELL);
                context.free(second, CELL);
                m = next;
            }
            keptHead = NIL;
            keptTail = NIL;
            return true;
        }

        /** The input: integers uniform in [-63, 63], symmetric; the registers get its lower triangle. */
        private double[][] load(SplittableRandom random) {
            double[][] input = new double[n][n];
            for (int p = 0; p < count; p++) {
                double v = random.nextInt(-INITIAL_MAX, INITIAL_MAX + 1);
                element[p] = v;
                input[rowOf[p]][columnOf[p]] = v;
                input[columnOf[p]][rowOf[p]] = v;
            }
            return input;
        }

        private void visit(int p) {
            int r = rowOf[p];
            int c = columnOf[p];
            context.enter(passing);
            if (inHead[WEST][p] != NIL) {
                // east along row r; from the diagonal block, south down column r-1
                passOn(p, WEST, c + 1 <= r - 1 ? p + 1 : r + 1 < n ? p + r + 1 : NIL, c + 1 <= r - 1 ? WEST : NORTH);
            }
            if (inHead[NORTH][p] != NIL) {
                passOn(p, NORTH, r + 1 < n ? p + r + 1 : NIL, NORTH);
            }
            context.enter(applying);
            applyQueued(p, r, c);
            if (r >= c + 2 && !made[p]) {
                context.enter(making);
                make(p, r, c);
            }
        }

        /**
         * Passes each message of the inbox from {@code from} on to processor {@code to} (NIL at the end of the
         * path) and moves the passed ones to the work queue; a message the heap has no room for stays, and the
         * processor tries again at the next tick.
         */
        private void passOn(int p, int from, int to, int toward) {
            int first = inHead[from][p];
            int lastPassed;
            if (to == NIL) {
                lastPassed = inTail[from][p];
                inHead[from][p] = NIL;
                inTail[from][p] = NIL;
            } else {
                lastPassed = NIL;
                int m = first;
                while (m != NIL) {
                    int second = read(m);
                    if (!send(to, toward, angle)) {
                        break;
                    }
                    lastPassed = second;
                    m = after;
                }
                if (lastPassed == NIL) {
                    wake(p);
                    return;
                }
                inHead[from][p] = m;
                if (m == NIL) {
                    inTail[from][p] = NIL;
                } else {
                    heap.setInt(lastPassed + LINK, NIL);
                    wake(p);
                }
            }
            moved = true;
            if (workTail[from][p] == NIL) {
                workHead[from][p] = first;
            } else {
                heap.setInt(workTail[from][p] + LINK, first);
            }
            workTail[from][p] = lastPassed;
        }

        /** Applies the queued rotations, the older first, while their elements are ready. */
        private void applyQueued(int p, int r, int c) {
            while (true) {
                int west = workHead[WEST][p] == NIL ? Integer.MAX_VALUE : id(applied[WEST][p], r);
                int north = workHead[NORTH][p] == NIL ? Integer.MAX_VALUE : id(applied[NORTH][p], c + 1);
                if (west == Integer.MAX_VALUE && north == Integer.MAX_VALUE) {
                    return;
                }
                int from = west < north ? WEST : NORTH;
                int k = applied[from][p];
                int i = from == WEST ? r : c + 1;
                int g = Math.min(west, north);
                int e1;
                int e2;
                int e3 = NIL;
                if (from == NORTH) {
                    e1 = p;
                    e2 = p + 1;
                } else if (c < r - 1) {
                    e1 = p - r;
                    e2 = p;
                } else {
                    e1 = p - r;
                    e2 = p;
                    e3 = p + 1;
                }
                if (!ready(e1, k, i) || !ready(e2, k, i) || (e3 != NIL && !ready(e3, k, i))) {
                    return;
                }
                int m = workHead[from][p];
                int second = read(m);
                workHead[from][p] = after;
                if (after == NIL) {
                    workTail[from][p] = NIL;
                }
                double cos = StrictMath.cos(angle * ANGLE_UNIT);
                double sin = StrictMath.sin(angle * ANGLE_UNIT);
                if (e3 == NIL) {
                    rotatePair(e1, e2, cos, sin);
                } else {
                    rotateBlock(e1, e2, e3, cos, sin);
                }
                updated(e1, g);
                updated(e2, g);
                if (e3 != NIL) {
                    updated(e3, g);
                }
                context.free(m, CELL);
                context.free(second, CELL);
                inFlight--;
                applied[from][p]++;
                moved = true;
            }
        }

        /**
         * Processor (r, c) makes rotation (c, r) once a(r-1, c) and a(r, c) are ready: it applies it, keeps it
         * and sends it east. Waits for the next tick if the heap has no room for the four cells.
         */
        private void make(int p, int r, int c) {
            int upper = p - r;
            if (!ready(upper, c, r) || !ready(p, c, r)) {
                return;
            }
            int message = pair();
            if (message == NIL) {
                wake(p);
                return;
            }
            int messageSecond = pairSecond;
            int kept = keeping ? pair() : NIL;
            if (kept == NIL && keeping) {
                abandonKept();
            }
            int keptSecond = pairSecond;
            double x = element[upper];
            double y = element[p];
            int a = (int) Math.round(StrictMath.atan2(y, x) / ANGLE_UNIT);
            double cos = StrictMath.cos(a * ANGLE_UNIT);
            double sin = StrictMath.sin(a * ANGLE_UNIT);
            element[upper] = cos * x + sin * y;
            element[p] = 0; // annihilated: what is left is the angle's rounding
            int g = id(c, r);
            updated(upper, g);
            updated(p, g);
            if (keeping) {
                write(kept, keptSecond, a);
                if (keptTail == NIL) {
                    keptHead = kept;
                } else {
                    heap.setInt(keptTail + LINK, kept);
                }
                keptTail = keptSecond;
            }
            enqueue(p + 1, WEST, message, write(message, messageSecond, a));
            made[p] = true;
            moved = true;
        }

        /** Allocates a message and appends it to an inbox; false, with nothing allocated, if the heap says no. */
        private boolean send(int to, int toward, int angle) {
            int message = pair();
            if (message == NIL) {
                return false;
            }
            enqueue(to, toward, message, write(message, pairSecond, angle));
            return true;
        }

        /** Appends the message whose cells are {@code first}, {@code second} to the inbox of {@code to}. */
        private void enqueue(int to, int toward, int first, int second) {
            if (inTail[toward][to] == NIL) {
                inHead[toward][to] = first;
            } else {
                heap.setInt(inTail[toward][to] + LINK, first);
            }
            inTail[toward][to] = second;
            inFlight++;
            wake(to);
        }

        /**
         * Two cells, the first's address returned and the second's in {@link #pairSecond}; NIL, with nothing
         * allocated, if the heap has no room.
         */
        private int pair() {
            int first = cells.allocate();
            if (first == NIL) {
                return NIL;
            }
            int second = cells.allocate();
            if (second == NIL) {
                context.free(first, CELL);
                return NIL;
            }
            pairSecond = second;
            return first;
        }

        /** Writes an angle into a pair of cells, the first linked to the second and the second to nil. */
        private int write(int first, int second, int angle) {
            heap.setShort(first + VALUE, (short) (angle >>> 16));
            heap.setInt(first + LINK, second);
            heap.setShort(second + VALUE, (short) angle);
            heap.setInt(second + LINK, NIL);
            return second;
        }

        /**
         * Reads the message at {@code m} into {@link #angle} and {@link #after}, the first cell of the next message;
         * returns its second cell.
         */
        private int read(int m) {
            context.visited(m);
            int high = heap.getShort(m + VALUE);
            int second = cells.link(m);
            context.visited(second);
            int low = heap.getShort(second + VALUE) & 0xFFFF;
            after = cells.link(second);
            angle = (high << 16) | low;
            return second;
        }

        /** (x, y) := (c x + s y, -s x + c y). */
        private void rotatePair(int px, int py, double cos, double sin) {
            double x = element[px];
            double y = element[py];
            element[px] = cos * x + sin * y;
            element[py] = cos * y - sin * x;
        }

        /** [a b; b d] := G [a b; b d] G^T with G = [c s; -s c]. */
        private void rotateBlock(int pa, int pb, int pd, double cos, double sin) {
            double a = element[pa];
            double b = element[pb];
            double d = element[pd];
            double cc = cos * cos;
            double cs = cos * sin;
            double ss = sin * sin;
            element[pa] = cc * a + 2 * cs * b + ss * d;
            element[pb] = cs * (d - a) + (cc - ss) * b;
            element[pd] = ss * a - 2 * cs * b + cc * d;
        }

        /** Records rotation {@code g} as applied to element {@code e} and wakes whoever may wait on it. */
        private void updated(int e, int g) {
            last[e] = g;
            int r = rowOf[e];
            int c = columnOf[e];
            // the owners of every update of a(r, c): itself, the row op from below, the column op from the west
            wake(e);
            if (r + 1 < n) {
                wake(e + r + 1);
            }
            if (c > 0) {
                wake(e - 1);
            }
        }

        /** Whether element {@code e} has had every rotation before (k, i) in its sequence, and not (k, i). */
        private boolean ready(int e, int k, int i) {
            return last[e] == previous(rowOf[e], columnOf[e], k, i);
        }

        /** The number of the rotation that updates a(r, c) just before (k, i) does, or -1 if none does. */
        private int previous(int r, int c, int k, int i) {
            int above = lowestAbove(r, c, k, i);
            if (above != Integer.MAX_VALUE) {
                return id(k, above); // within a step, rotations go from the bottom up
            }
            return k == 0 ? -1 : id(k - 1, lowestAbove(r, c, k - 1, -1));
        }

        /**
         * The smallest i' &gt; i such that rotation (k, i') updates a(r, c), or MAX_VALUE. Rotation (k, i') updates
         * rows and columns i'-1, i' from column k on: a(r, c) for i' = r or r+1 as a row (c &ge; k), for i' = c or
         * c+1 as a column (i' &ge; k+2), the diagonal block when c + 1 &ge; r.
         */
        private int lowestAbove(int r, int c, int k, int i) {
            int best = Integer.MAX_VALUE;
            if (r == c) {
                best = r - 2 >= k ? lower(best, r, i) : best;
                best = r + 1 < n && r - 1 >= k ? lower(best, r + 1, i) : best;
            } else if (r == c + 1) {
                best = r - 3 >= k ? lower(best, r - 1, i) : best;
                best = r - 2 >= k ? lower(best, r, i) : best;
                best = r + 1 < n && k <= c ? lower(best, r + 1, i) : best;
            } else {
                if (k <= c) {
                    best = lower(best, r, i);
                    best = r + 1 < n ? lower(best, r + 1, i) : best;
                }
                best = k <= c - 1 ? lower(best, c + 1, i) : best;
                best = k <= c - 2 ? lower(best, c, i) : best;
            }
            return best;
        }

        private int lower(int best, int candidate, int i) {
            return candidate > i && candidate < best ? candidate : best;
        }

        /** The number of rotation (k, i): steps in order, each from the bottom up. */
        private int id(int k, int i) {
            return base[k] + n - 1 - i;
        }

        private void wake(int p) {
            if (!due[p]) {
                due[p] = true;
                next[nextSize++] = p;
            }
        }

        private void checkDone() {
            for (int p = 0; p < count; p++) {
                int r = rowOf[p];
                int c = columnOf[p];
                for (int d = WEST; d <= NORTH; d++) {
                    if (inHead[d][p] != NIL || workHead[d][p] != NIL) {
                        throw new IllegalStateException(TridiagProvider.NAME + ": processor (" + r + ", " + c
                                + ") still holds messages at the end (expected: every queue empty)");
                    }
                }
                if (r >= c + 2 && !made[p]) {
                    throw new IllegalStateException(TridiagProvider.NAME + ": processor (" + r + ", " + c
                            + ") never made its rotation (expected: every rotation made)");
                }
            }
        }

        private double[][] dense() {
            double[][] result = new double[n][n];
            for (int p = 0; p < count; p++) {
                result[rowOf[p]][columnOf[p]] = element[p];
                result[columnOf[p]][rowOf[p]] = element[p];
            }
            return result;
        }

        /** Fails unless tr(A^3) is what it was: a rotation applied with another's angle moves it. */
        private void checkSimilar(double[][] input, double[][] result) {
            double norm = 0;
            for (double[] row : input) {
                for (double v : row) {
                    norm += v * v;
                }
            }
            double before = traceOfCube(input);
            double after = traceOfCube(result);
            if (!(Math.abs(after - before) <= CUBE_TOLERANCE * Math.pow(norm, 1.5))) {
                throw new IllegalStateException(TridiagProvider.NAME + ": tr(A^3) went from " + before + " to "
                        + after + " (expected: unchanged; a message's cell was changed while in use: overlapping"
                        + " blocks, or a freed cell written)");
            }
        }

        private static double traceOfCube(double[][] m) {
            int size = m.length;
            double sum = 0;
            double[] square = new double[size];
            for (int i = 0; i < size; i++) {
                Arrays.fill(square, 0);
                for (int k = 0; k < size; k++) {
                    double v = m[i][k];
                    if (v != 0) {
                        for (int j = 0; j < size; j++) {
                            square[j] += v * m[k][j];
                        }
                    }
                }
                for (int j = 0; j < size; j++) {
                    sum += square[j] * m[j][i];
                }
            }
            return sum;
        }

        /** Reads the kept rotations in the order they were made, accumulating Q, and frees them. */
        private double[][] backTransform() {
            context.enter(backTransforming);
            double[][] q = new double[n][n];
            for (int i = 0; i < n; i++) {
                q[i][i] = 1;
            }
            int m = keptHead;
            for (int k = 0; k <= n - 3; k++) {
                for (int i = n - 1; i >= k + 2; i--) {
                    if (m == NIL) {
                        throw new IllegalStateException(TridiagProvider.NAME + ": the kept rotations end before"
                                + " rotation (" + k + ", " + i + ") (expected: " + rotations(n) + ")");
                    }
                    int second = read(m);
                    double cos = StrictMath.cos(angle * ANGLE_UNIT);
                    double sin = StrictMath.sin(angle * ANGLE_UNIT);
                    double[] upper = q[i - 1];
                    double[] lower = q[i];
                    for (int j = 0; j < n; j++) {
                        double x = upper[j];
                        double y = lower[j];
                        upper[j] = cos * x + sin * y;
                        lower[j] = cos * y - sin * x;
                    }
                    context.free(m, CELL);
                    context.free(second, CELL);
                    m = after;
                }
            }
            if (m != NIL) {
                throw new IllegalStateException(TridiagProvider.NAME + ": the kept rotations go on past "
                        + rotations(n) + ", to address " + m + " (expected: nil)");
            }
            keptHead = NIL;
            keptTail = NIL;
            return q;
        }

    }

    @Override
    public String toString() {
        return TridiagProvider.NAME + ":n=" + n;
    }
}
