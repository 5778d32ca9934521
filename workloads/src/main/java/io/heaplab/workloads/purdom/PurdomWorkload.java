package io.heaplab.workloads.purdom;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The storage-allocation simulation of Purdom, Stigler &amp; Cheam 1970 (section 3, "Method of Investigation").
 *
 * <h2>The model</h2>
 *
 * Requests arrive as a Poisson process of rate {@code lambda} per unit time. Each asks for b cells, b geometric on
 * {1, 2, ...} with mean {@code c} (p = 1/c; c = 1 asks for one cell every time), and a filled block is held for an
 * exponential time of mean 1 ("parameter one"), then freed. Size, lifetime and arrival are independent. A
 * request that finds no room ({@link Allocator#NO_FIT}) is dropped: the context counts it as a rejection and
 * nothing more is done for it. The run starts at time 0 with the memory empty and, as in the paper, is measured
 * from the start (no warm-up); it ends as soon as {@code requests} requests have been filled (the paper's runs are
 * 1600). The blocks live then are left allocated, as a program that stops would leave them. Purdom's measures,
 * the ratio of requests received to requests filled and the mean number of searches per request, come from the
 * context's counts of allocations and rejections and the allocator's searches; the workload computes neither.
 * With a growable memory nothing is rejected and about {@code lambda} blocks are live at a time (Little's law:
 * arrival rate times mean lifetime).
 *
 * <h2>Cells and bytes</h2>
 *
 * The memory is {@code memory} cells of {@code cell} bytes ({@link #heapCapacity()} is {@code memory * cell};
 * {@code memory = 0} gives a growable heap). A request for b cells asks the allocator for
 * {@code b * cell - header} bytes: heaplab's variable-size strategies keep an 8-byte header at the head of every
 * block and round each block up to whole cells, so with {@code header = 8} (the default) a block takes exactly b
 * cells of the memory, as Purdom's blocks did. Give {@code header} the header size of the strategy under test
 * (0 for one that keeps none in the block).
 *
 * <h2>Randomness and determinism</h2>
 *
 * Every draw comes from the run's {@link WorkloadContext#random()}, three per request in a fixed order: the time
 * since the previous arrival, the size, the lifetime. All three are drawn for every request, filled or rejected,
 * so the i-th request's arrival time, size and (would-be) lifetime are the same under every allocator: the
 * arrival stream is independent of the strategy, and strategies are compared on the same requests. A uniform u
 * in (0, 1] is {@code 1 - nextDouble()}; an exponential of rate r is {@code -ln(u) / r}; a geometric size is
 * {@code 1 + floor(ln(u) / ln(1 - p))}, whose tail P(b > k) = (1 - p)^k is exact.
 *
 * <h2>The event loop</h2>
 *
 * Pending departures sit in a binary min-heap keyed by time, held in parallel primitive arrays (time, address,
 * bytes, sequence number), so no object is made per event. Before each arrival every departure due at or before
 * it is processed (a departure at the very instant of an arrival frees its room first); then the arrival is
 * served.
 *
 * <h2>The data in the heap</h2>
 *
 * Requests are numbered from 1 in the order they arrive, rejected ones included. A filled block gets its
 * request's number written, through {@link WorkloadContext#heap()}, into its first 8 bytes and its last 8 bytes
 * (only the first 8 when the block has fewer than 16; the low bytes of the number, as many as fit, when it has
 * fewer than 8). Before the block is freed both are read back, and a change fails the run with an
 * {@link IllegalStateException}: the allocator handed out overlapping blocks or wrote into a live one.
 *
 * <p>A request for a single cell rejected while no block is live means the allocator cannot serve even the
 * smallest request in an empty memory (its header is larger than {@code header} says, or it never reuses freed
 * space); such a run could never end, so it fails with an {@link IllegalStateException} instead.
 */
public final class PurdomWorkload implements Workload {

    /** The smallest cell: room for an 8-byte header and 8 bytes of data. */
    public static final long MIN_CELL = 16;
    /** The largest cell, so that no block's size in bytes can overflow. */
    public static final long MAX_CELL = 1 << 20;
    /** The largest mean block size in cells. */
    public static final double MAX_MEAN_CELLS = 1 << 20;
    /**
     * The highest arrival rate: with a mean lifetime of 1, a memory kept full by a higher one sees millions of
     * rejections between two departures.
     */
    public static final double MAX_LAMBDA = 1e6;

    private final double lambda;
    private final double c;
    private final long memory;
    private final long requests;
    private final long cell;
    private final long header;

    /**
     * @param lambda   requests arriving per unit time, at most {@link #MAX_LAMBDA}
     * @param c        the mean block size in cells, from 1 to {@link #MAX_MEAN_CELLS}, and at most {@code memory}
     *                 when the memory is bounded
     * @param memory   cells in the bounded heap, or 0 for a growable heap
     * @param requests filled requests after which the run ends, at least 1
     * @param cell     bytes per cell, a power of 2 from {@link #MIN_CELL} to {@link #MAX_CELL}
     * @param header   bytes of each block the allocator keeps for its own header, from 0 to {@code cell - 1}
     */
    public PurdomWorkload(double lambda, double c, long memory, long requests, long cell, long header) {
        String problem = problem(lambda, c, memory, requests, cell, header);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        this.lambda = lambda;
        this.c = c;
        this.memory = memory;
        this.requests = requests;
        this.cell = cell;
        this.header = header;
    }

    /**
     * What is wrong with these parameters, in one line naming the culprit and what was expected; null when nothing
     * is. The provider raises it as a spec error, the constructor as an illegal argument.
     */
    static String problem(double lambda, double c, long memory, long requests, long cell, long header) {
        String name = PurdomProvider.NAME + ": ";
        if (!(lambda > 0) || lambda > MAX_LAMBDA) {
            return name + "lambda=" + Spec.number(lambda) + " (expected: a positive number, at most "
                    + Spec.number(MAX_LAMBDA) + ")";
        }
        if (!(c >= 1) || c > MAX_MEAN_CELLS) {
            return name + "c=" + Spec.number(c) + " (expected: a mean block size from 1 to "
                    + Spec.number(MAX_MEAN_CELLS) + " cells)";
        }
        if (requests <= 0) {
            return name + "requests=" + requests + " (expected: a positive integer)";
        }
        if (cell < MIN_CELL || Long.bitCount(cell) != 1) {
            return name + "cell=" + cell + " (expected: a power of 2 >= " + MIN_CELL + ")";
        }
        if (cell > MAX_CELL) {
            return name + "cell=" + cell + " (expected: a power of 2 from " + MIN_CELL + " to " + MAX_CELL + ")";
        }
        if (header < 0 || header >= cell) {
            return name + "header=" + header + " (expected: " + (header < 0 ? "not negative" : "less than cell, "
                    + cell) + ")";
        }
        if (memory < 0) {
            return name + "memory=" + memory + " (expected: a number of cells, or 0 for a growable heap)";
        }
        if (memory > Long.MAX_VALUE / cell) {
            // memory * cell is then a multiple of 16, never Long.MAX_VALUE, which means growable
            return name + "memory=" + memory + " (expected: at most " + Long.MAX_VALUE / cell + " cells of "
                    + cell + " bytes)";
        }
        if (memory > 0 && c > memory) {
            return name + "c=" + Spec.number(c) + " (expected: a mean block size of at most memory, " + memory
                    + " cells)";
        }
        return null;
    }

    @Override
    public long blockSize() {
        return AllocatorSetup.VARIED;
    }

    /** {@code memory * cell} bytes, or {@link Heap#GROWABLE} when {@code memory} is 0. */
    @Override
    public long heapCapacity() {
        return memory == 0 ? Heap.GROWABLE : memory * cell;
    }

    @Override
    public void run(WorkloadContext context) {
        new Simulation(context).run();
    }

    /** One run: the clock, the counts and the pending departures; the blocks' data lives in the heap. */
    private final class Simulation {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final SplittableRandom random;
        private final GeometricCells sizes = new GeometricCells(c);
        private final Departures departures = new Departures();

        Simulation(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
            this.random = context.random();
        }

        void run() {
            double now = 0;
            long received = 0;
            long filled = 0;
            while (filled < requests) {
                // three draws per request, in this order, whatever becomes of it
                now += exponential() / lambda;
                long cells = cells();
                double lifetime = exponential();
                while (departures.size > 0 && departures.times[0] <= now) {
                    depart();
                }
                received++;
                long bytes = cells * cell - header;
                long address = context.allocate(bytes);
                if (address == Allocator.NO_FIT) {
                    if (cells == 1 && departures.size == 0) {
                        throw new IllegalStateException(PurdomProvider.NAME + ": request " + received
                                + " for 1 cell (" + bytes + " bytes) was rejected with no block live in "
                                + (memory == 0 ? "a growable heap" : "a memory of " + memory + " cells")
                                + " (expected: an empty memory to take the smallest request; is header=" + header
                                + " the allocator's header size?)");
                    }
                    continue;
                }
                stamp(address, bytes, received);
                departures.add(now + lifetime, address, bytes, received);
                filled++;
            }
        }

        /** An exponential draw of mean 1. */
        private double exponential() {
            // 1 - nextDouble() lies in (0, 1]: the logarithm is finite
            return -Math.log(1.0 - random.nextDouble());
        }

        /** A geometric draw on {1, 2, ...} of mean c; one uniform is drawn even when c is 1. */
        private long cells() {
            return sizes.draw(random);
        }

        /** Takes the earliest departure off the queue, checks its block's data, and frees it. */
        private void depart() {
            long address = departures.addresses[0];
            long bytes = departures.bytes[0];
            long number = departures.numbers[0];
            departures.removeFirst();
            check(address, bytes, number);
            context.free(address, bytes);
        }

        private void stamp(long address, long bytes, long number) {
            if (bytes >= 8) {
                heap.setLong(address, number);
                if (bytes >= 16) {
                    heap.setLong(address + bytes - 8, number);
                }
            } else {
                for (int i = 0; i < bytes; i++) {
                    heap.setByte(address + i, (byte) (number >>> (8 * i)));
                }
            }
        }

        private void check(long address, long bytes, long number) {
            if (bytes >= 8) {
                long first = heap.getLong(address);
                if (first != number) {
                    throw changed(address, bytes, number, 0, first);
                }
                if (bytes >= 16) {
                    long last = heap.getLong(address + bytes - 8);
                    if (last != number) {
                        throw changed(address, bytes, number, bytes - 8, last);
                    }
                }
            } else {
                for (int i = 0; i < bytes; i++) {
                    byte b = heap.getByte(address + i);
                    if (b != (byte) (number >>> (8 * i))) {
                        throw changed(address, bytes, number, i, b);
                    }
                }
            }
        }

        private IllegalStateException changed(long address, long bytes, long number, long offset, long found) {
            return new IllegalStateException(PurdomProvider.NAME + ": the block of request " + number
                    + " at address " + address + " (" + bytes + " bytes) holds " + found + " at byte " + offset
                    + " before it is freed (expected: " + number + "; the allocator handed out overlapping blocks,"
                    + " or wrote into a live one)");
        }
    }

    /**
     * Pending departures: a binary min-heap on time in parallel arrays, so adding and taking off the earliest
     * cost O(log n) and nothing is boxed.
     */
    static final class Departures {
        double[] times = new double[64];
        long[] addresses = new long[64];
        long[] bytes = new long[64];
        long[] numbers = new long[64];
        int size;

        void add(double time, long address, long size, long number) {
            if (this.size == times.length) {
                int capacity = times.length * 2;
                times = Arrays.copyOf(times, capacity);
                addresses = Arrays.copyOf(addresses, capacity);
                bytes = Arrays.copyOf(bytes, capacity);
                numbers = Arrays.copyOf(numbers, capacity);
            }
            // sift up: parents later than the new departure move down into the hole
            int i = this.size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (times[parent] <= time) {
                    break;
                }
                move(parent, i);
                i = parent;
            }
            set(i, time, address, size, number);
        }

        /** Takes off the earliest departure; the caller reads it at index 0 first. */
        void removeFirst() {
            int last = --size;
            if (last == 0) {
                return;
            }
            double time = times[last];
            long address = addresses[last];
            long size = bytes[last];
            long number = numbers[last];
            // sift down from the root: the earlier child moves up into the hole
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= last) {
                    break;
                }
                if (child + 1 < last && times[child + 1] < times[child]) {
                    child++;
                }
                if (times[child] >= time) {
                    break;
                }
                move(child, i);
                i = child;
            }
            set(i, time, address, size, number);
        }

        private void move(int from, int to) {
            times[to] = times[from];
            addresses[to] = addresses[from];
            bytes[to] = bytes[from];
            numbers[to] = numbers[from];
        }

        private void set(int i, double time, long address, long size, long number) {
            times[i] = time;
            addresses[i] = address;
            bytes[i] = size;
            numbers[i] = number;
        }
    }

    @Override
    public String toString() {
        return PurdomProvider.NAME + ":lambda=" + Spec.number(lambda) + ",c=" + Spec.number(c) + ",memory=" + memory
                + ",requests=" + requests + ",cell=" + cell + ",header=" + header;
    }
}
