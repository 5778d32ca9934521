package io.heaplab.core.spi;

import io.heaplab.core.diagnostics.ProgramDiagnostics;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import java.util.SplittableRandom;

/**
 * What a running workload sees: the heap for its data, an allocator that counts what it is asked, and a
 * random source seeded from the run, so the same seed gives the same references.
 *
 * <p>A workload may also say what its program does, for a run's diagnostics: the links it follows ({@link
 * #followed}), the blocks it begins to read ({@link #visited}) and the phases it goes through ({@link #phase},
 * {@link #enter}). These calls cost a test of one field unless the run asked for diagnostics.
 */
public final class WorkloadContext {

    private final HeapAccess heap;
    private final Allocator allocator;
    private final SplittableRandom random;
    private final HeapAccess bookkeeping;
    private final boolean muteAtAllocate;
    private final boolean muteAtDispose;
    private final ProgramDiagnostics diagnostics;

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
    private final long startNanos = System.nanoTime();
    private final Heap wholeHeap;
    // Johnstone & Wilson's measures, updated at every request
    private double heapOverLiveSum;
    private long heapOverLiveCount;
    /** Half the peak of live bytes the workload said it will reach, rounded up; 0 when it did not say. */
    private long nearPeakLive;
    private double nearPeakSum;
    private long nearPeakCount;
    private long heapAtPeakLive;
    private long peakHeapBytes;
    private long liveAtPeakHeap;
    private Timeline.Builder timeline;

    public WorkloadContext(HeapAccess heap, Allocator allocator, long seed) {
        this(heap, allocator, seed, Accounting.WORKLOAD, null);
    }

    /**
     * A context whose allocator's bookkeeping references are paged, when the heap records them, only where
     * {@code accounting} says (at allocation, at disposal), and whose workload's account of its program goes to
     * {@code diagnostics} when it is not null.
     */
    public WorkloadContext(HeapAccess heap, Allocator allocator, long seed, Accounting accounting,
                           ProgramDiagnostics diagnostics) {
        this.heap = heap;
        this.allocator = allocator;
        this.random = new SplittableRandom(seed);
        this.bookkeeping = heap.heap().bookkeeping();
        this.wholeHeap = heap.heap();
        // a heap that pages none of the allocator's references needs no muting; one that pages some is told when
        Accounting.AllocatorReferences paged = accounting.allocatorReferences();
        this.muteAtAllocate = paged.any() && !paged.atAllocate();
        this.muteAtDispose = paged.any() && !paged.atDispose();
        this.diagnostics = diagnostics;
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

    /**
     * The workload read the address of the block at {@code to} in the block at {@code from} and goes there: a
     * diagnostic, the gap between the two blocks in allocation order.
     */
    public void followed(long from, long to) {
        if (diagnostics != null) {
            diagnostics.followed(from, to);
        }
    }

    /** The workload begins to read the block at {@code block}: a diagnostic, the block's age in allocations. */
    public void visited(long block) {
        if (diagnostics != null) {
            diagnostics.visited(block);
        }
    }

    /**
     * The id of the program phase named {@code name} (PQSIM's "insert"), for {@link #enter}; defined once, at the
     * start of the run. Diagnostics charge references and faults to phases; without them every id is 0.
     */
    public int phase(String name) {
        return diagnostics == null ? 0 : diagnostics.definePhase(name);
    }

    /**
     * The program enters the phase {@code id} (one more entry of it); returns the phase it leaves, to {@link
     * #resume} when a nested phase is done.
     */
    public int enter(int id) {
        if (diagnostics == null) {
            return 0;
        }
        int was = diagnostics.enter(id);
        wholeHeap.enterPhase(id); // the recorder tags the runs from here on, for the sinks that count by phase
        return was;
    }

    /** The program goes back to the phase {@code id} it left for a nested one, without entering it anew. */
    public void resume(int id) {
        if (diagnostics != null) {
            diagnostics.resume(id);
            wholeHeap.enterPhase(id);
        }
    }

    /** The virtual time at which the measured phase began: 0 when the whole run is measured. */
    public long measuredFrom() {
        return measuredFrom;
    }

    /** Asks the allocator for {@code size} bytes; a request that does not fit is counted and answered -1. */
    public long allocate(long size) {
        return allocate(size, 0);
    }

    /**
     * Asks the allocator for {@code size + padding} bytes, of which the program holds {@code size}: room to align
     * a block inside ({@code memalign}). Only {@code size} counts as live; free it with {@link #free(long, long,
     * long)} and the same padding.
     */
    public long allocate(long size, long padding) {
        long address = callAllocate(size + padding);
        if (address == Allocator.NO_FIT) {
            rejections++;
            sampleFragmentation();
            return Allocator.NO_FIT;
        }
        allocations++;
        liveBlocks++;
        liveBytes += size;
        peakLiveBlocks = Math.max(peakLiveBlocks, liveBlocks);
        boolean newPeakLive = liveBytes > peakLiveBytes;
        peakLiveBytes = Math.max(peakLiveBytes, liveBytes);
        footprint = Math.max(footprint, address + size);
        sampleFragmentation();
        trackHeap(newPeakLive);
        if (diagnostics != null) {
            diagnostics.allocated(address);
        }
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
        free(address, size, 0);
    }

    /** Gives back a block {@link #allocate(long, long)} returned for {@code size} bytes and {@code padding}. */
    public void free(long address, long size, long padding) {
        callFree(address, size + padding);
        if (diagnostics != null) {
            diagnostics.freed(address);
        }
        frees++;
        liveBlocks--;
        liveBytes -= size;
        trackHeap(false);
    }

    /**
     * C's {@code realloc} as allocate, copy, free: a new block of {@code newSize} bytes, the first {@code
     * min(oldSize, newSize)} bytes of the block at {@code address} read and written into it, the old block freed.
     * The live bytes change once, by the difference, as the program's do; the two blocks exist together only inside
     * the call. Answers the new address, or -1 (the old block kept, as C's) when the new one does not fit.
     */
    public long reallocate(long address, long oldSize, long newSize) {
        long moved = callAllocate(newSize);
        if (moved == Allocator.NO_FIT) {
            rejections++;
            sampleFragmentation();
            return Allocator.NO_FIT;
        }
        long copied = Math.min(oldSize, newSize);
        if (copied > 0) {
            heap.touch(address, copied, false);
            heap.touch(moved, copied, true);
        }
        callFree(address, oldSize);
        if (diagnostics != null) {
            diagnostics.freed(address);
            diagnostics.allocated(moved);
        }
        allocations++;
        frees++;
        boolean newPeakLive = liveBytes - oldSize + newSize > peakLiveBytes;
        liveBytes += newSize - oldSize;
        peakLiveBytes = Math.max(peakLiveBytes, liveBytes);
        footprint = Math.max(footprint, moved + newSize);
        sampleFragmentation();
        trackHeap(newPeakLive);
        return moved;
    }

    private long callAllocate(long bytes) {
        if (!muteAtAllocate) {
            return allocator.allocate(bytes);
        }
        bookkeeping.setRecording(false);
        try {
            return allocator.allocate(bytes);
        } finally {
            bookkeeping.setRecording(true);
        }
    }

    private void callFree(long address, long bytes) {
        if (!muteAtDispose) {
            allocator.free(address, bytes);
            return;
        }
        bookkeeping.setRecording(false);
        try {
            allocator.free(address, bytes);
        } finally {
            bookkeeping.setRecording(true);
        }
    }

    /**
     * Johnstone &amp; Wilson's measures after a request: the heap over the live bytes summed, the heap when the live
     * bytes first reach a new peak ({@code newPeakLive}), the live bytes when the heap first does.
     */
    private void trackHeap(boolean newPeakLive) {
        long heapBytes = wholeHeap.size();
        if (liveBytes > 0) {
            double ratio = (double) heapBytes / liveBytes;
            heapOverLiveSum += ratio;
            heapOverLiveCount++;
            if (nearPeakLive > 0 && liveBytes >= nearPeakLive) {
                nearPeakSum += ratio;
                nearPeakCount++;
            }
        }
        if (newPeakLive) {
            heapAtPeakLive = heapBytes;
        }
        if (heapBytes > peakHeapBytes) {
            peakHeapBytes = heapBytes;
            liveAtPeakHeap = liveBytes;
        }
    }

    /**
     * Records a sample of the run now, for its {@link #timeline()}: a workload that shows its course (the course
     * report's tenths of a run, a trace replay's progress) calls this at the moments to show.
     */
    public void sample() {
        if (timeline == null) {
            timeline = new Timeline.Builder();
        }
        timeline.add(allocations + frees + rejections, liveBytes, wholeHeap.size(), allocator.heldBytes(),
                allocator.searches(), System.nanoTime() - startNanos);
    }

    /** The samples taken so far, {@link Timeline#EMPTY} when the workload took none. */
    public Timeline timeline() {
        return timeline == null ? Timeline.EMPTY : timeline.build();
    }

    /**
     * Says, before the first request, the most bytes the workload will have live at once (a malloc trace knows it),
     * so that {@link Fragmentation#averagedNearPeak()} can average over the requests at which at least half of it is
     * live.
     */
    public void expectPeakLiveBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("peak of live bytes: " + bytes + " (expected: >= 0)");
        }
        nearPeakLive = (bytes + 1) / 2;
    }

    /** Johnstone &amp; Wilson's four measures of the run so far. */
    public Fragmentation fragmentation() {
        if (peakLiveBytes == 0) {
            return Fragmentation.NONE;
        }
        return new Fragmentation(heapOverLiveCount == 0 ? Double.NaN : heapOverLiveSum / heapOverLiveCount,
                peakLiveBytes, heapAtPeakLive, peakHeapBytes, liveAtPeakHeap,
                nearPeakCount == 0 ? Double.NaN : nearPeakSum / nearPeakCount);
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
