package io.heaplab.workloads.synthetic;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.run.MemoryLimits;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.SplittableRandom;

/**
 * Blocks of one size allocated and freed at random around an equilibrium of {@code live} blocks, the load under
 * which Brent (section 2.1) expects STACK to scatter live blocks over every page.
 *
 * <p>The run ramps up by allocating {@code live} blocks, then {@code steps} times frees a live block chosen
 * uniformly at random and allocates a new one, and at the end frees every block still live. Each block is filled
 * with a stamp unique to its allocation when it is allocated and read back before it is freed, so the data really
 * lives in the heap, each block costs references in proportion to its size, and an allocator that hands out
 * overlapping blocks is caught: the read fails with an {@link IllegalStateException} naming the address. A
 * request a bounded heap rejects is skipped.
 */
public final class RandomBlocksWorkload implements Workload {

    private final long size;
    private final int live;
    private final long steps;

    /**
     * @param size  bytes per block, at least 1
     * @param live  blocks live at equilibrium, at least 1
     * @param steps free-then-allocate steps after the ramp-up, at least 0
     */
    public RandomBlocksWorkload(long size, int live, long steps) {
        if (size <= 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: > 0)");
        }
        if (live <= 0) {
            throw new IllegalArgumentException("live: " + live + " (expected: > 0)");
        }
        if (steps < 0) {
            throw new IllegalArgumentException("steps: " + steps + " (expected: >= 0)");
        }
        // checked before the run: two longs per live block (its address and its stamp) in the JVM's heap, and the
        // live blocks themselves in the simulated one
        MemoryLimits.checkJavaHeap(RandomBlocksProvider.NAME + ": live=" + live, 16L * live);
        MemoryLimits.checkOffHeap(RandomBlocksProvider.NAME + ": live=" + live + " blocks of size=" + size,
                size > Long.MAX_VALUE / live ? Long.MAX_VALUE : size * live);
        this.size = size;
        this.live = live;
        this.steps = steps;
    }

    @Override
    public long blockSize() {
        return size;
    }

    @Override
    public void run(WorkloadContext context) {
        SplittableRandom random = context.random();
        LiveBlocks blocks = new LiveBlocks(context);
        for (int i = 0; i < live; i++) {
            blocks.allocate();
        }
        for (long step = 0; step < steps; step++) {
            // empty only when a bounded heap rejected every request so far
            if (blocks.count > 0) {
                blocks.free(random.nextInt(blocks.count));
            }
            blocks.allocate();
        }
        while (blocks.count > 0) {
            blocks.free(blocks.count - 1);
        }
    }

    /** The live blocks, unordered: a freed slot is filled by the last one, so choosing stays O(1). */
    private final class LiveBlocks {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final long[] addresses = new long[live];
        private final long[] stamps = new long[live];
        private int count;
        private long serial;

        LiveBlocks(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
        }

        void allocate() {
            long address = context.allocate(size);
            if (address != Allocator.NO_FIT) {
                long stamp = stamp(++serial);
                write(heap, address, stamp);
                addresses[count] = address;
                stamps[count] = stamp;
                count++;
            }
        }

        void free(int slot) {
            check(heap, addresses[slot], stamps[slot]);
            context.free(addresses[slot], size);
            count--;
            addresses[slot] = addresses[count];
            stamps[slot] = stamps[count];
        }
    }

    /**
     * The stamp of the {@code serial}-th allocation: the SplitMix64 finalizer, a bijection, so stamps stay unique
     * while even the low byte written into a block's tail differs from one allocation to the next.
     */
    private static long stamp(long serial) {
        long z = serial * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    // A word at a time, as a program storing its record would; the tail takes an int, a short and a byte.
    private void write(HeapAccess heap, long address, long stamp) {
        long end = address + size;
        long a = address;
        for (; a <= end - 8; a += 8) {
            heap.setLong(a, stamp);
        }
        if (a <= end - 4) {
            heap.setInt(a, (int) stamp);
            a += 4;
        }
        if (a <= end - 2) {
            heap.setShort(a, (short) stamp);
            a += 2;
        }
        if (a < end) {
            heap.setByte(a, (byte) stamp);
        }
    }

    private void check(HeapAccess heap, long address, long stamp) {
        long end = address + size;
        long a = address;
        for (; a <= end - 8; a += 8) {
            if (heap.getLong(a) != stamp) {
                throw changed(address, a);
            }
        }
        if (a <= end - 4) {
            if (heap.getInt(a) != (int) stamp) {
                throw changed(address, a);
            }
            a += 4;
        }
        if (a <= end - 2) {
            if (heap.getShort(a) != (short) stamp) {
                throw changed(address, a);
            }
            a += 2;
        }
        if (a < end && heap.getByte(a) != (byte) stamp) {
            throw changed(address, a);
        }
    }

    private IllegalStateException changed(long block, long at) {
        return new IllegalStateException(RandomBlocksProvider.NAME + ": the live block at address " + block
                + " changed at byte " + (at - block) + " before it was freed (the allocator handed out"
                + " overlapping blocks, or wrote into a live one)");
    }

    @Override
    public String toString() {
        return RandomBlocksProvider.NAME + ":size=" + size + ",live=" + live + ",steps=" + steps;
    }
}
