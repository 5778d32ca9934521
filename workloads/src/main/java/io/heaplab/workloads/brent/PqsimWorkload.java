package io.heaplab.workloads.brent;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.SplittableRandom;

/**
 * PQSIM, Brent's discrete-event simulation whose pending events sit in a leftist tree in the heap (MRU strategy
 * paper, 3.2 and 3.3).
 *
 * <h2>The model</h2>
 *
 * Customers arrive as a Poisson process of {@code rate} per simulated second and each stays an exponential time
 * of mean {@code lifetime} seconds, so about {@code rate * lifetime} departures are pending at equilibrium
 * (2400 with the defaults, the paper's figure). The run starts with one arrival pending at time 0. The next
 * event is taken off the queue by delete-min and its node freed at once (its fields are read first); an arrival
 * at time t then schedules the customer's departure at t + Exp(lifetime) and the next arrival at t +
 * Exp(1 / rate), each a new node inserted into the queue; a departure does nothing more. So each arrival costs
 * two allocations and the defaults make about 2 * 200 * 2000 = 800,000 in a run, which at 25 nodes to a
 * 512-byte page is NOFREE's 31,360 pages in Table 3.2. The run ends when the next event lies beyond
 * {@code seconds}; the nodes still queued then are left allocated, as a program that stops would leave them.
 *
 * <p>The first event at or after {@code warmup} seconds ends the warm-up: {@link WorkloadContext#startMeasuring}
 * is called once, just before that event is taken off the queue, so faults are counted over the rest of the
 * run only, as Brent counted them over the second 1000 seconds. With {@code warmup = 0} the whole run is
 * measured and it is never called; if the queue should run dry or jump past {@code seconds} before the warm-up
 * ends, it is called at the end, so the measured phase is empty rather than the whole run. Before the warm-up
 * ends arrivals come {@code initialLoad} times as often (Table 3.3 doubles the load for the first 1000 s).
 *
 * <h2>A node</h2>
 *
 * An unpacked Pascal record of five 4-byte fields, 20 bytes, little-endian, as Brent describes it:
 *
 * <pre>
 *  +0        +4        +8        +12       +16       +20
 *  |  left   |  right  |   key   |  time   |  dist   |
 *  | pointer | pointer | 0 or n  | micro-  | to the  |
 *  | or nil  | or nil  |         | seconds | nearest |
 *  |         |         |         |         | leaf    |
 * </pre>
 *
 * <ul>
 *   <li>Pointers are 4-byte heap addresses, as on Brent's VAX, whose user space is 2 GiB: a node must lie below
 *   2^31, and nil is -1, which no address is (address 0 is a real one).</li>
 *   <li>The key is the event's kind: 0 for an arrival, the customer's number (from 1) for a departure.</li>
 *   <li>The priority is the event's time as a 4-byte int of microseconds, not a float like Pascal's 4-byte
 *   real: a float near 2000 s resolves only 122 us while events come every 2.5 ms on average, so rounding
 *   would make ties common and the clock drift; integer microseconds compare exactly, keep every draw to the
 *   microsecond and reach 2147 s, which bounds {@code seconds}. A time beyond that (a long stay scheduled near
 *   the end) is stored as {@link Integer#MAX_VALUE}, "never": such events lie past the end and are never taken
 *   off.</li>
 *   <li>dist is the length of the right spine down to nil: 1 for a node with no right child, nil counting 0.
 *   </li>
 * </ul>
 *
 * <h2>The leftist tree</h2>
 *
 * A binary tree in heap order (no node's time is below its parent's, so the root is the next event) whose every
 * node has {@code dist(left) >= dist(right)} (Crane 1972; Knuth, Brent's reference [7], and vol. 3, 5.2.3).
 * The right spine is therefore the shortest path to nil, at most log2(n + 1) nodes, and both operations are one
 * merge of two right spines:
 *
 * <pre>
 *   insert(x):  root = merge(root, x)        delete-min:  root = merge(root.left, root.right)
 *
 *       3           5                 3         merge keeps the earlier event on top and goes down the
 *      / \    +    / \      =       /   \       right spines, here 3-8 and 5-9 into 3-5-8-9; on the way
 *     7   8       6   9            5     7      back 8 takes 9 as its left child, and 3 swaps its
 *                                 / \           children because the merged spine (dist 2) outgrew
 *                                6   8          its left subtree 7 (dist 1)
 *                                   /
 *                                  9
 * </pre>
 *
 * Of the tree only the root's address is a Java field (beside it the program keeps the clock, a count of the
 * nodes queued and the last customer's number, as Pascal variables would be); every field of every node is
 * read and written through {@link WorkloadContext#heap()}, once per use, the way the Pascal program's pointer
 * dereferences would be.
 *
 * <p>A request a bounded heap rejects drops that event: a customer who finds no room is turned away; if it was
 * the next arrival, no one arrives any more and the run ends when the queue empties.
 */
public final class PqsimWorkload implements Workload {

    /** Bytes per node: five 4-byte fields. */
    static final int NODE_BYTES = 20;
    static final int LEFT = 0;
    static final int RIGHT = 4;
    static final int KEY = 8;
    static final int TIME = 12;
    static final int DIST = 16;

    /** The nil pointer: no heap address is negative. */
    static final int NIL = -1;
    /** The key of an arrival; departures carry their customer's number, from 1. */
    static final int ARRIVAL = 0;
    /** The time stored for an event too late for 4-byte microseconds, all of which lie past any run's end. */
    static final int NEVER = Integer.MAX_VALUE;
    /** The highest address a node may have, so that all its bytes lie below 2^31. */
    static final long MAX_NODE_ADDRESS = Integer.MAX_VALUE - NODE_BYTES + 1;

    /** The phase of the program, in a run's diagnostics, that inserts an event. */
    public static final String INSERT = "insert";
    /** The phase that takes the next event off the queue. */
    public static final String DELETE_MIN = "delete-min";
    /** The reads of the children's dist fields in either operation's merge, a phase inside the other two. */
    public static final String DISTANCE_READS = "distance reads";

    /** The longest run whose times in microseconds fit an int. */
    public static final long MAX_SECONDS = Integer.MAX_VALUE / 1_000_000;
    /** The highest arrival rate, warm-up included: a mean inter-arrival time of 10 us, ten ticks of the clock. */
    public static final double MAX_ARRIVALS_PER_SECOND = 100_000;

    private static final double MICROS = 1e6;

    private final double rate;
    private final double lifetime;
    private final long seconds;
    private final long warmup;
    private final double initialLoad;
    private final Probe probe;

    /**
     * @param rate        customers arriving per simulated second, after the warm-up
     * @param lifetime    the mean time a customer stays, in simulated seconds
     * @param seconds     simulated seconds to run, at most {@link #MAX_SECONDS}
     * @param warmup      simulated seconds before faults are counted, below {@code seconds}; 0 to count them all
     * @param initialLoad the factor on the arrival rate during the warm-up; 1 when {@code warmup} is 0
     */
    public PqsimWorkload(double rate, double lifetime, long seconds, long warmup, double initialLoad) {
        this(rate, lifetime, seconds, warmup, initialLoad, null);
    }

    /** A workload whose {@code probe}, when not null, sees the queue after every event; for tests. */
    PqsimWorkload(double rate, double lifetime, long seconds, long warmup, double initialLoad, Probe probe) {
        String problem = problem(rate, lifetime, seconds, warmup, initialLoad);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        this.rate = rate;
        this.lifetime = lifetime;
        this.seconds = seconds;
        this.warmup = warmup;
        this.initialLoad = initialLoad;
        this.probe = probe;
    }

    /**
     * What is wrong with these parameters, in one line naming the culprit and what was expected; null when
     * nothing is. The provider raises it as a spec error, the constructor as an illegal argument.
     */
    static String problem(double rate, double lifetime, long seconds, long warmup, double initialLoad) {
        String name = PqsimProvider.NAME;
        if (!(rate > 0) || Double.isInfinite(rate)) {
            return name + ": rate=" + Spec.number(rate) + " (expected: a positive number)";
        }
        if (!(lifetime > 0) || Double.isInfinite(lifetime)) {
            return name + ": lifetime=" + Spec.number(lifetime) + " (expected: a positive number)";
        }
        if (!(initialLoad > 0) || Double.isInfinite(initialLoad)) {
            return name + ": initialLoad=" + Spec.number(initialLoad) + " (expected: a positive number)";
        }
        if (seconds <= 0 || seconds > MAX_SECONDS) {
            return name + ": seconds=" + seconds + " is out of range (expected: 1 to " + MAX_SECONDS
                    + ", as event times are 4-byte counts of microseconds)";
        }
        if (warmup < 0) {
            return name + ": warmup=" + warmup + " (expected: a non-negative integer)";
        }
        if (warmup >= seconds) {
            return name + ": warmup=" + warmup + " is not below seconds=" + seconds
                    + " (expected: warmup < seconds)";
        }
        if (warmup == 0 && initialLoad != 1) {
            return name + ": initialLoad=" + Spec.number(initialLoad) + " has no effect with warmup=0"
                    + " (expected: warmup > 0 when initialLoad is not 1)";
        }
        // initialLoad is 1 unless there is a warm-up for it to apply to
        if (rate * Math.max(1, initialLoad) > MAX_ARRIVALS_PER_SECOND) {
            return name + ": rate=" + Spec.number(rate) + (initialLoad > 1
                    ? " with initialLoad=" + Spec.number(initialLoad) : "") + " is too high (expected: at most "
                    + Spec.number(MAX_ARRIVALS_PER_SECOND) + " arrivals per second, as times are in microseconds)";
        }
        return null;
    }

    @Override
    public long blockSize() {
        return NODE_BYTES;
    }

    @Override
    public void run(WorkloadContext context) {
        new Simulation(context).run();
    }

    /** Sees the queue after each event: for tests that walk the tree or follow its length. */
    interface Probe {
        /**
         * @param now    the time of the event just processed, in microseconds
         * @param root   the address of the root node, or {@link #NIL}
         * @param queued the number of nodes in the tree
         */
        void afterEvent(int now, int root, int queued);
    }

    /** One run: the clock, the queue's root and the counts; everything else lives in the heap. */
    private final class Simulation {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final SplittableRandom random;
        // means in microseconds, so a draw needs one multiplication and one rounding
        private final double interArrival = MICROS / rate;
        private final double warmupInterArrival = MICROS / (rate * initialLoad);
        private final double stay = MICROS * lifetime;
        private final long horizon = seconds * 1_000_000;
        private final long warmupEnd = warmup * 1_000_000;

        private int root = NIL;
        private int queued;
        private int customers;
        // the program's phases, for a run's diagnostics: the reads of the children's dist fields are a phase of
        // their own inside both operations' merges
        private final int inserting;
        private final int deleting;
        private final int distanceReads;

        Simulation(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
            this.random = context.random();
            this.inserting = context.phase(INSERT);
            this.deleting = context.phase(DELETE_MIN);
            this.distanceReads = context.phase(DISTANCE_READS);
        }

        void run() {
            schedule(ARRIVAL, 0);
            // warmup = 0: the whole run is measured and the context is never told
            boolean measuring = warmupEnd == 0;
            while (root != NIL) {
                context.enter(deleting);
                context.visited(root);
                int now = heap.getInt(root + TIME);
                if (now > horizon) {
                    break;
                }
                if (!measuring && now >= warmupEnd) {
                    context.startMeasuring();
                    measuring = true;
                }
                // delete-min: read what the event says, merge its subtrees, and give its node back at once
                int event = root;
                int key = heap.getInt(event + KEY);
                root = merge(child(event, LEFT), child(event, RIGHT));
                queued--;
                context.free(event, NODE_BYTES);
                if (key == ARRIVAL) {
                    customers = customers == Integer.MAX_VALUE ? 1 : customers + 1;
                    schedule(customers, now + draw(stay));
                    schedule(ARRIVAL, now + draw(now < warmupEnd ? warmupInterArrival : interArrival));
                }
                if (probe != null) {
                    probe.afterEvent(now, root, queued);
                }
            }
            if (!measuring) {
                // the run ended inside the warm-up: measure nothing rather than everything
                context.startMeasuring();
            }
        }

        /**
         * An exponential delay of mean {@code mean} microseconds, rounded to a whole microsecond; at most
         * {@link #NEVER}, so adding it to a time of the run cannot overflow a long.
         */
        private long draw(double mean) {
            // 1 - u lies in (0, 1], so the logarithm is finite; the product is NaN only for an infinite mean
            double delay = -mean * Math.log(1.0 - random.nextDouble());
            return delay < NEVER ? Math.round(delay) : NEVER;
        }

        /** Allocates a node for an event at {@code time} microseconds and inserts it. */
        private void schedule(int key, long time) {
            context.enter(inserting);
            long address = context.allocate(NODE_BYTES);
            if (address == Allocator.NO_FIT) {
                return;
            }
            if (address < 0 || address > MAX_NODE_ADDRESS) {
                throw new IllegalStateException(PqsimProvider.NAME + ": the allocator placed a node at address "
                        + address + ", which a 4-byte pointer cannot hold (expected: nodes below 2^31)");
            }
            int node = (int) address;
            heap.setInt(node + LEFT, NIL);
            heap.setInt(node + RIGHT, NIL);
            heap.setInt(node + KEY, key);
            heap.setInt(node + TIME, (int) Math.min(time, NEVER));
            heap.setInt(node + DIST, 1);
            root = merge(root, node);
            queued++;
        }

        /** The child of {@code node} at {@code side}, or nil: a link the program follows. */
        private int child(int node, int side) {
            int child = heap.getInt(node + side);
            if (child != NIL) {
                context.followed(node, child);
            }
            return child;
        }

        /**
         * Merges the leftist trees at {@code a} and {@code b} along their right spines and returns the root of
         * the result. Recursion is as deep as the two right spines are long together, a few dozen at most.
         */
        private int merge(int a, int b) {
            if (a == NIL) {
                return b;
            }
            if (b == NIL) {
                return a;
            }
            // the earlier event stays on top; on a tie the tree already queued does, so ties break the same way
            // in every run
            if (heap.getInt(b + TIME) < heap.getInt(a + TIME)) {
                int t = a;
                a = b;
                b = t;
            }
            context.visited(a);
            int right = merge(child(a, RIGHT), b);
            int left = child(a, LEFT);
            int operation = context.enter(distanceReads);
            int leftDist = left == NIL ? 0 : heap.getInt(left + DIST);
            // right is not nil: it holds at least b
            int rightDist = heap.getInt(right + DIST);
            context.resume(operation);
            if (leftDist < rightDist) {
                // the merged subtree grew deeper than the left one: it becomes the left, to keep the spine short
                heap.setInt(a + LEFT, right);
                heap.setInt(a + RIGHT, left);
                heap.setInt(a + DIST, leftDist + 1);
            } else {
                heap.setInt(a + RIGHT, right);
                heap.setInt(a + DIST, rightDist + 1);
            }
            return a;
        }
    }

    @Override
    public String toString() {
        return PqsimProvider.NAME + ":rate=" + Spec.number(rate) + ",lifetime=" + Spec.number(lifetime) + ",seconds="
                + seconds + ",warmup=" + warmup + ",initialLoad=" + Spec.number(initialLoad);
    }
}
