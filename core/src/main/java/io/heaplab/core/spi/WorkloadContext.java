package io.heaplab.core.spi;

import io.heaplab.core.heap.HeapAccess;
import java.util.SplittableRandom;

/**
 * What a running workload sees: the heap for its data, an allocator that counts what it is asked, and a
 * random source seeded from the run, so the same seed gives the same references.
 */
public final class WorkloadContext {

    private final HeapAccess heap;
    private final Allocator allocator;
    private final SplittableRandom random;

    private long allocations;
    private long frees;
    private long rejections;
    private long liveBlocks;
    private long liveBytes;
    private long peakLiveBlocks;
    private long peakLiveBytes;
    private long measuredFrom;
    /** The highest byte handed out so far: it only grows, so it is also the peak. */
    private long footprint;
    private double footprintSum;
    private double internalSum;
    private double externalSum;

    public WorkloadContext(HeapAccess heap, Allocator allocator, long seed) {
        this.heap = heap;
        this.allocator = allocator;
        this.random = new SplittableRandom(seed);
    }

    /** The workload's view of the heap: every access is recorded as the workload's. */
    public HeapAccess heap() {
        return heap;
    }

    public SplittableRandom random() {
        return random;
    }

    /**
     * Ends the warm-up: faults are counted from here on, in a memory that remembers what came before. A workload
     * with a warm-up phase (PQSIM's first 1000 simulated seconds) calls this once, when it ends; calling it
     * again starts the measured phase afresh.
     */
    public void startMeasuring() {
        measuredFrom = heap.heap().startMeasuring();
    }

    /** The virtual time at which the measured phase began: 0 when the whole run is measured. */
    public long measuredFrom() {
        return measuredFrom;
    }

    /** Asks the allocator for {@code size} bytes; a request that does not fit is counted and answered -1. */
    public long allocate(long size) {
        long address = allocator.allocate(size);
        if (address == Allocator.NO_FIT) {
            rejections++;
            sampleFragmentation();
            return Allocator.NO_FIT;
        }
        allocations++;
        liveBlocks++;
        liveBytes += size;
        peakLiveBlocks = Math.max(peakLiveBlocks, liveBlocks);
        peakLiveBytes = Math.max(peakLiveBytes, liveBytes);
        footprint = Math.max(footprint, address + size);
        sampleFragmentation();
        return address;
    }

    /** Splits the footprint, at this request, into requested, held beyond the request, and not held. */
    private void sampleFragmentation() {
        long held = allocator.heldBytes();
        if (held < 0 || footprint == 0) {
            return;
        }
        footprintSum += footprint;
        internalSum += Math.max(0, held - liveBytes);
        externalSum += Math.max(0, footprint - Math.max(held, liveBytes));
    }

    /** Gives back a block {@link #allocate} returned for {@code size} bytes. */
    public void free(long address, long size) {
        allocator.free(address, size);
        frees++;
        liveBlocks--;
        liveBytes -= size;
    }

    public long allocations() {
        return allocations;
    }

    public long frees() {
        return frees;
    }

    public long rejections() {
        return rejections;
    }

    public long peakLiveBlocks() {
        return peakLiveBlocks;
    }

    public long peakLiveBytes() {
        return peakLiveBytes;
    }

    /** The space measures of the run so far: the allocator's searches, the footprint and its fragmentation. */
    public SpaceMeasures space() {
        boolean known = footprintSum > 0;
        return new SpaceMeasures(allocator.searches(), footprint,
                known ? internalSum / footprintSum : Double.NaN, known ? externalSum / footprintSum : Double.NaN);
    }
}
