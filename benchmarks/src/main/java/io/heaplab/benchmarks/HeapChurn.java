package io.heaplab.benchmarks;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceRecorder;

/**
 * The steady state under one of heaplab's strategies, in a simulated heap of {@value #PAGE_SIZE}-byte pages
 * (Brent's page size; the fixed-size strategies lay their blocks out by page, so the timed heap and the paged one
 * must agree on it).
 *
 * <p>A {@linkplain #unrecorded} churn records nothing, so its time is the strategy's own. A {@linkplain #recorded}
 * one records every reference the strategy makes to its own bookkeeping and, stepped by {@link #stepTouching},
 * plays the program using the blocks: it writes the first word of every block it is given and reads it back before
 * freeing it, so the page each block landed on is referenced as a program's would be.
 */
final class HeapChurn implements Churn {

    static final int PAGE_SIZE = 512;
    /**
     * A heap that grows past this is thrown away and built again, its live blocks allocated afresh, when the table
     * wraps around. Only NOFREE, which never reuses a byte, gets there (after {@code 64 MiB / blockBytes} steps);
     * without the bound a timed second of it would take gigabytes. Its score is thus its allocate and free plus,
     * amortized over those steps, dropping the whole region and refilling it: what a region allocator costs.
     */
    static final long RENEW_BYTES = 64L << 20;

    private final AllocatorProvider provider;
    private final Options options;
    private final long blockSize;
    private final ReferenceRecorder recorder;
    private final long[] initialSizes;
    private final int[] victims;
    private final long[] replacements;
    private final long[] addresses;
    private final long[] sizes;

    private Heap heap;
    private HeapAccess data;
    private Allocator allocator;
    private int next;

    private HeapChurn(String strategy, long blockSize, OperationTable table, ReferenceRecorder recorder) {
        Spec spec = Spec.parse(strategy);
        this.provider = Plugins.load().allocators().find(spec.name());
        this.options = Options.bind(provider, spec);
        this.blockSize = blockSize;
        this.recorder = recorder;
        this.initialSizes = table.initialSizes;
        this.victims = table.victims;
        this.replacements = table.replacements;
        this.addresses = new long[table.live()];
        this.sizes = new long[table.live()];
        fill();
    }

    /**
     * The steady state of {@code table} under {@code strategy} (a spec such as {@code first-fit:order=lifo}), with
     * {@code blockSize} the one size of a fixed-size run or {@link AllocatorSetup#VARIED}; nothing recorded.
     */
    static HeapChurn unrecorded(String strategy, long blockSize, OperationTable table) {
        return new HeapChurn(strategy, blockSize, table, null);
    }

    /**
     * The same steady state with its references recorded into {@code recorder}: the strategy's bookkeeping, and
     * the blocks' first words when it is churned by {@link #stepTouching}.
     */
    static HeapChurn recorded(String strategy, long blockSize, OperationTable table, ReferenceRecorder recorder) {
        return new HeapChurn(strategy, blockSize, table, recorder);
    }

    @Override
    public long step() {
        return replace(false);
    }

    /** A step as {@link #step} takes it, with the program's read of the old block and write of the new one. */
    long stepTouching() {
        return replace(true);
    }

    // Inlined into both callers with touch a constant, so the timed step has no trace of the touches.
    private long replace(boolean touch) {
        int k = next++ & OperationTable.MASK;
        int victim = victims[k];
        long old = addresses[victim];
        if (touch) {
            data.getLong(old);
        }
        allocator.free(old, sizes[victim]);
        long size = replacements[k];
        long address = allocator.allocate(size);
        if (touch) {
            data.setLong(address, k);
        }
        return settle(k, victim, size, address);
    }

    /**
     * As heaplab replays a program's {@code realloc} ({@code WorkloadContext#reallocate}): the new block allocated,
     * the bytes both blocks hold read from the old and written to the new, the old one freed.
     */
    @Override
    public long resize() {
        int k = next++ & OperationTable.MASK;
        int victim = victims[k];
        long old = addresses[victim];
        long oldSize = sizes[victim];
        long size = replacements[k];
        long address = allocator.allocate(size);
        long copied = Math.min(oldSize, size);
        if (copied > 0) {
            data.touch(old, copied, false);
            data.touch(address, copied, true);
        }
        allocator.free(old, oldSize);
        return settle(k, victim, size, address);
    }

    /** Step {@code k} gave {@code victim}'s place a block of {@code size} at {@code address}; returns the address. */
    private long settle(int k, int victim, long size, long address) {
        sizes[victim] = size;
        addresses[victim] = address;
        if (k == 0 && heap.size() > RENEW_BYTES) {
            renew();
        }
        return address;
    }

    @Override
    public void close() {
        heap.close();
    }

    private void fill() {
        heap = recorder != null ? new Heap(PAGE_SIZE, Heap.GROWABLE, recorder, true) : Heap.unrecorded(PAGE_SIZE, Heap.GROWABLE);
        data = heap.data();
        allocator = provider.create(options, new AllocatorSetup(heap, blockSize));
        for (int i = 0; i < addresses.length; i++) {
            long address = allocator.allocate(initialSizes[i]);
            if (address == Allocator.NO_FIT) {
                throw new IllegalStateException(provider.name() + " refused " + initialSizes[i]
                        + " bytes in a growable heap");
            }
            if (recorder != null) {
                data.setLong(address, i);
            }
            sizes[i] = initialSizes[i];
            addresses[i] = address;
        }
    }

    // Off the common path (once per table pass, only past the bound), so its allocations are amortized to nothing.
    private void renew() {
        heap.close();
        fill();
    }
}
