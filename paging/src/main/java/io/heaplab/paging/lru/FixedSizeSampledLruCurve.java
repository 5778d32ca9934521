package io.heaplab.paging.lru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import java.util.Arrays;

/**
 * The LRU fault curve estimated from a sample of at most {@code N} pages, SHARDS with a fixed-size sample
 * (Waldspurger, Park, Garthwaite &amp; Ahmad, FAST 2015, section 4.3): memory bounded by {@code N} whatever the
 * trace.
 *
 * <p>A page is in the sample when the hash {@link SampledLruCurve} uses is below a threshold {@code T}, which starts
 * above every hash (the rate {@code R = T / 2^24} at 1). When a new page would make {@code N + 1}, the page of the
 * largest hash leaves the sample and {@code T} falls to that hash, so the rate falls as the trace's pages arrive and
 * a page that left never comes back. Each reference to a sampled page is measured at the rate of its moment, as the
 * paper rescales its histogram at each fall: its stack distance {@code d} among the sampled pages stands for
 * {@code d / R} frames of the whole trace, and its fault, at every size below that, for {@code 1 / R} faults. A
 * write-back settled at sampled sizes {@code [L, d)} stands for {@code 1 / R} write-backs at {@code [L / R, d / R)},
 * and the distinct pages seen, on which the mean resident pages depend, grow by {@code 1 / R} at each first
 * reference to a sampled page. The miss ratio divides by the trace's references, as SHARDS_adj does; the faults
 * are capped at the references and the write-backs at the faults, as at a fixed rate.
 *
 * <p>Cost: a hash per run, a stack step per sampled run (a Fenwick tree over the sample's positions), a heap step
 * per page entering or leaving the sample; memory O(N) and O(points of the curve).
 */
public final class FixedSizeSampledLruCurve implements PagingSimulator {

    private static final int CLEAN = 0;
    private static final int NONE = -1;
    /** Pages a sample may hold at most: as many as a trace reader renumbers. */
    public static final int MOST_PAGES = 1 << 28;
    private static final int INITIAL_SLOTS = 1024;

    private final int maxPages;
    /** The paper's {@code T}: a page is sampled when its hash is below it. */
    private long threshold = SampledLruCurve.MODULUS;
    /** The sampled pages' slots, and per slot its page, last position and write-back level (in sampled frames). */
    private final Int2IntOpenHashMap slotOf = new Int2IntOpenHashMap();
    private int[] lastAt = new int[INITIAL_SLOTS];
    private int[] level = new int[INITIAL_SLOTS];
    /** Slots freed by pages that left, reused before new ones; slots 0..slots-1 have been used. */
    private int[] freeSlots = new int[INITIAL_SLOTS];
    private int freeCount;
    private int slots;
    /** The sampled pages by hash, largest first: {@code hash << 32 | page}. */
    private final LongHeapPriorityQueue byHash = new LongHeapPriorityQueue((a, b) -> Long.compare(b, a));
    /** The sampled pages' positions, by slot. */
    private final StackClock clock;
    /** {@code 1 / R}: what a reference to a sampled page stands for now; it rises as the threshold falls. */
    private double weight = 1;

    // the estimate, each measure weighted by 1 / R at its moment

    /** Faults at every size below the key (a distance in frames), weighed. */
    private final Long2DoubleOpenHashMap faultsBelow = new Long2DoubleOpenHashMap();
    /** Faults at every size (first references to sampled pages), weighed. */
    private double faultsEverywhere;
    /** Write-backs: the weight added at the key's size and every larger, less that at sizes from the second key. */
    private final Long2DoubleOpenHashMap writeBackSteps = new Long2DoubleOpenHashMap();
    /** The distinct pages estimated at each virtual time they grew, and the times. */
    private final LongArrayList grewAt = new LongArrayList();
    private final DoubleArrayList distinctThen = new DoubleArrayList();
    private double distinct;
    private long references;
    private long time;
    private long timeBefore;

    /** A sample of at most {@code maxPages} pages, at least 2. */
    public FixedSizeSampledLruCurve(int maxPages) {
        if (maxPages < 2 || maxPages > MOST_PAGES) {
            throw new IllegalArgumentException("sample pages: " + maxPages + " (expected: 2.." + MOST_PAGES + ")");
        }
        this.maxPages = maxPages;
        slotOf.defaultReturnValue(NONE);
        // the tables grow with the pages sampled, so a large N costs nothing until a trace has that many pages
        clock = new StackClock(DeadPositions.capacityFor(Math.min(maxPages + 1, INITIAL_SLOTS), 0),
                (slot, position) -> lastAt[slot] = position);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int count = PageRun.count(run);
            references += count;
            int page = PageRun.page(run);
            long hash = SampledLruCurve.hash(page);
            if (hash < threshold) {
                reference(page, hash, run);
            }
            time += count;
        }
    }

    /** A reference to a sampled page, at the rate of this moment. */
    private void reference(int page, long hash, long run) {
        double weight = this.weight;
        int slot = slotOf.get(page);
        boolean write = PageRun.isWrite(run);
        if (slot == NONE) {
            slot = newSlot();
            clock.take(slot);
            slotOf.put(page, slot);
            level[slot] = write ? 1 : CLEAN;
            byHash.enqueue(hash << 32 | page);
            faultsEverywhere += weight;
            distinct += weight;
            grewAt.add(time);
            distinctThen.add(distinct);
        } else {
            int now = clock.take(slot); // a renumbering there moves the slot's last position: read it after
            int last = lastAt[slot];
            int distance = clock.distance(last, now);
            clock.kill(last);
            faultsBelow.addTo(scaled(distance, weight), weight);
            int was = level[slot];
            if (was != CLEAN && was < distance) {
                writeBackSteps.addTo(scaled(was, weight), weight);
                writeBackSteps.addTo(scaled(distance, weight), -weight);
                was = distance;
            }
            level[slot] = write ? 1 : was;
        }
        lastAt[slot] = clock.position();
        if (slotOf.size() > maxPages) {
            shrink();
        }
    }

    /** Pages in the sample now. */
    int sampledPages() {
        return slotOf.size();
    }

    /** The sampling rate now. */
    double rate() {
        return (double) threshold / SampledLruCurve.MODULUS;
    }

    /** A slot for a page entering the sample: one a page left, else the next, the tables grown to hold it. */
    private int newSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slots == lastAt.length) {
            int length = (int) Math.min(maxPages + 1L, 2L * lastAt.length);
            lastAt = Arrays.copyOf(lastAt, length);
            level = Arrays.copyOf(level, length);
            freeSlots = Arrays.copyOf(freeSlots, length);
        }
        return slots++;
    }

    /** A distance of sampled frames in frames of the whole trace at the rate whose weight is {@code weight}. */
    private static long scaled(int distance, double weight) {
        return Math.max(1, Math.round(distance * weight));
    }

    /** Drops the pages of the largest hash from the sample and lowers the threshold to it. */
    private void shrink() {
        long largest = byHash.firstLong() >>> 32;
        while (!byHash.isEmpty() && byHash.firstLong() >>> 32 == largest) {
            int page = (int) byHash.dequeueLong();
            int slot = slotOf.remove(page);
            clock.kill(lastAt[slot]);
            freeSlots[freeCount++] = slot;
        }
        threshold = largest;
        weight = (double) SampledLruCurve.MODULUS / threshold;
    }

    /** The depth among the sampled pages of the page in {@code slot}. */
    private int depthOf(int slot) {
        return clock.depth(lastAt[slot]);
    }

    /** Forgets the estimate so far; the sample and each page's level stay, raised to its depth now. */
    @Override
    public void startMeasuring() {
        for (int slot : slotOf.values()) {
            if (level[slot] != CLEAN) {
                level[slot] = Math.max(level[slot], depthOf(slot));
            }
        }
        faultsBelow.clear();
        writeBackSteps.clear();
        faultsEverywhere = 0;
        references = 0;
        timeBefore = time;
        grewAt.clear();
        distinctThen.clear();
        grewAt.add(time);
        distinctThen.add(distinct);
    }

    @Override
    public void finish() {
        if (clock.live() != slotOf.size() || !clock.consistent()) {
            throw new IllegalStateException(clock.live() + " live positions for " + slotOf.size()
                    + " sampled pages");
        }
    }

    /** The estimated curve: a point at each size some measured reference's distance stands for. */
    @Override
    public PagingOutcome outcome() {
        long[] sizes = faultsBelow.keySet().toLongArray();
        Arrays.sort(sizes);
        if (sizes.length == 0 || sizes[0] != 1) {
            long[] withOne = new long[sizes.length + 1];
            withOne[0] = 1;
            System.arraycopy(sizes, 0, withOne, 1, sizes.length);
            sizes = withOne;
        }
        int n = sizes.length;
        long[] faults = new long[n];
        double deeper = faultsEverywhere;
        for (int i = n - 1; i >= 0; i--) {
            faults[i] = Math.min(references, Math.round(deeper));
            deeper += faultsBelow.get(sizes[i]);
        }
        long[] writeBacks = writeBacks(sizes, faults);
        double[] resident = meanResident(sizes);
        return new PagingOutcome.Curve(PagingOutcome.Curve.Axis.FRAMES, sizes, faults, writeBacks, resident,
                references);
    }

    /** The settled steps, and the pages still sampled that sank below their level, summed up to each size. */
    private long[] writeBacks(long[] sizes, long[] faults) {
        Long2DoubleOpenHashMap steps = new Long2DoubleOpenHashMap(writeBackSteps);
        for (int slot : slotOf.values()) {
            int depth = depthOf(slot);
            if (level[slot] != CLEAN && level[slot] < depth) {
                steps.addTo(scaled(level[slot], weight), weight);
                steps.addTo(scaled(depth, weight), -weight);
            }
        }
        long[] keys = steps.keySet().toLongArray();
        Arrays.sort(keys);
        long[] writeBacks = new long[sizes.length];
        double sum = 0;
        int k = 0;
        for (int i = 0; i < sizes.length; i++) {
            while (k < keys.length && keys[k] <= sizes[i]) {
                sum += steps.get(keys[k++]);
            }
            writeBacks[i] = Math.min(faults[i], Math.max(0, Math.round(sum)));
        }
        return writeBacks;
    }

    /** At each size f: min(f, the distinct pages estimated at each measured reference), averaged. */
    private double[] meanResident(long[] sizes) {
        double[] mean = new double[sizes.length];
        long measured = time - timeBefore;
        if (measured == 0) {
            return mean;
        }
        int changes = grewAt.size();
        // the distinct estimate holds from each change to the next; it only grows, so for a size f it is below f
        // up to some change and f after: prefix sums of estimate times duration answer every size in one sweep
        double[] below = new double[changes + 1];
        for (int c = 0; c < changes; c++) {
            long from = Math.max(grewAt.getLong(c), timeBefore);
            long to = c + 1 < changes ? grewAt.getLong(c + 1) : time;
            below[c + 1] = below[c] + distinctThen.getDouble(c) * Math.max(0, to - from);
        }
        int c = 0;
        for (int i = 0; i < sizes.length; i++) {
            while (c < changes && distinctThen.getDouble(c) < sizes[i]) {
                c++;
            }
            long from = c < changes ? Math.max(grewAt.getLong(c), timeBefore) : time;
            mean[i] = (below[c] + (double) sizes[i] * (time - from)) / measured;
        }
        return mean;
    }
}
