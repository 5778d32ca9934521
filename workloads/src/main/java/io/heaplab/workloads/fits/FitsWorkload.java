package io.heaplab.workloads.fits;

import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;

/**
 * The course report's experiment: free blocks generated, then {@code load} allocations of one data type, then their
 * deallocations (C. Zhang, Operating Systems Principles: Segmented Memory Allocator, RMIT COSC1114 report).
 *
 * <ol>
 *   <li><b>Free block generation.</b> {@code load} blocks of 5 to 34 bytes, block {@code i} of {@code 5 + i % 30}
 *       ("determined from the loop iteration's index"). The report's allocator made them free directly
 *       ({@code requestFreeBlock}); through heaplab's interface they are allocated, then freed in the same order,
 *       which leaves the report's allocator in exactly that state: its free list in generation order. A strategy
 *       that coalesces merges them as it frees them.</li>
 *   <li><b>Allocation.</b> {@code load} blocks of the data type, each written: an int ({@code i}), a double
 *       ({@code i / 2.0}) or the {@code i}-th word of the word list with its NUL, byte by byte as
 *       {@code strcpy} would.</li>
 *   <li><b>Deallocation.</b> Each block read back (a block another overwrote fails the run, naming it), then freed,
 *       in allocation order, as the report walked its vector.</li>
 * </ol>
 *
 * The run samples itself ({@link WorkloadContext#sample}) after every tenth of each stage, as the report recorded
 * its RSS and time every 5,000 iterations of 50,000.
 */
public final class FitsWorkload implements Workload {

    /** Samples per stage: the report's tenths. */
    public static final int SAMPLES_PER_STAGE = 10;
    /** The smallest and the number of sizes of the generated free blocks: 5 to 34 bytes. */
    static final int SMALLEST_FREE_BLOCK = 5;
    static final int FREE_BLOCK_SIZES = 30;

    private final int load;
    private final DataType type;

    public FitsWorkload(int load, DataType type) {
        if (load <= 0) {
            throw new IllegalArgumentException("load: " + load + " (expected: > 0)");
        }
        this.load = load;
        this.type = type;
    }

    /** The size of the {@code i}-th generated free block. */
    static long freeBlockSize(long i) {
        return SMALLEST_FREE_BLOCK + i % FREE_BLOCK_SIZES;
    }

    @Override
    public long blockSize() {
        return AllocatorSetup.VARIED;
    }

    @Override
    public void run(WorkloadContext context) {
        int generate = context.phase("generate");
        int allocate = context.phase("allocate");
        int deallocate = context.phase("deallocate");
        long[] blocks = new long[load];

        context.enter(generate);
        Samples samples = new Samples(context, 2L * load);
        for (int i = 0; i < load; i++) {
            blocks[i] = context.allocate(freeBlockSize(i));
            samples.tick();
        }
        for (int i = 0; i < load; i++) {
            if (blocks[i] != Allocator.NO_FIT) {
                context.free(blocks[i], freeBlockSize(i));
            }
            samples.tick();
        }

        context.enter(allocate);
        HeapAccess heap = context.heap();
        samples = new Samples(context, load);
        for (int i = 0; i < load; i++) {
            blocks[i] = context.allocate(type.size(i));
            if (blocks[i] != Allocator.NO_FIT) {
                write(heap, blocks[i], i);
            }
            samples.tick();
        }

        context.enter(deallocate);
        samples = new Samples(context, load);
        for (int i = 0; i < load; i++) {
            if (blocks[i] != Allocator.NO_FIT) {
                check(heap, blocks[i], i);
                context.free(blocks[i], type.size(i));
            }
            samples.tick();
        }
    }

    private void write(HeapAccess heap, long address, int i) {
        switch (type) {
            case INT -> heap.setInt(address, i);
            case DOUBLE -> heap.setLong(address, Double.doubleToRawLongBits(i / 2.0));
            case STRING -> {
                int length = Words.length(i);
                for (int k = 0; k < length; k++) {
                    heap.setByte(address + k, Words.byteOf(i, k));
                }
            }
        }
    }

    private void check(HeapAccess heap, long address, int i) {
        boolean same = switch (type) {
            case INT -> heap.getInt(address) == i;
            case DOUBLE -> heap.getLong(address) == Double.doubleToRawLongBits(i / 2.0);
            case STRING -> {
                int length = Words.length(i);
                int k = 0;
                while (k < length && heap.getByte(address + k) == Words.byteOf(i, k)) {
                    k++;
                }
                yield k == length;
            }
        };
        if (!same) {
            throw new IllegalStateException(FitsProvider.NAME + ": the " + type.word() + " allocated " + (i + 1)
                    + "th, at address " + address + ", changed before it was freed (the allocator handed out"
                    + " overlapping blocks, or wrote into a live one)");
        }
    }

    /** Samples a stage of {@code requests} requests after each tenth of it. */
    private static final class Samples {
        private final WorkloadContext context;
        private final long requests;
        private long done;
        private int taken;

        Samples(WorkloadContext context, long requests) {
            this.context = context;
            this.requests = requests;
        }

        void tick() {
            done++;
            if (done * SAMPLES_PER_STAGE >= (taken + 1) * requests) {
                context.sample();
                taken++;
            }
        }
    }

    @Override
    public String toString() {
        return FitsProvider.NAME + ":load=" + load + ",type=" + type.word();
    }
}
