package io.heaplab.core.spi;

/**
 * Johnstone &amp; Wilson's four measures of fragmentation ("The Memory Fragmentation Problem: Solved?", ISMM 1998,
 * section 3.2), from the heap's size and the bytes live after every request.
 *
 * <p>The heap is what the strategy took from the system: the break of heaplab's heap, headers, records and free
 * space included. Live bytes are what the workload asked for and has not freed. Each measure is a fraction: 0.25
 * means the heap was 25% larger than what was live.
 *
 * <p>Johnstone &amp; Wilson warn that measure 1, averaged over time, "can be very misleading": a program's ramp up
 * and drain, when little is live, weigh in it as much as its working phase, so it reads large for any allocator.
 * Measures 3 and 4, at the peaks, are the ones they lead with; {@link #averagedNearPeak()} keeps measure 1's average
 * but only over the requests at which at least half the peak was live.
 *
 * @param meanHeapOverLive the heap over the live bytes, averaged over every request at which something was live
 *                         (NaN when nothing ever was)
 * @param peakLiveBytes    the most bytes live at once
 * @param heapAtPeakLive   the heap when they first were
 * @param peakHeapBytes    the largest heap
 * @param liveAtPeakHeap   the bytes live when the heap first reached it
 * @param meanHeapOverLiveNearPeak the heap over the live bytes averaged over the requests at which the live bytes
 *                         were at least half their peak: measure 1 without the ramp and the drain, which dominate
 *                         it (a perfectly packed heap that fills and empties shows 43% averaged over every request);
 *                         NaN unless the workload knew its peak beforehand (a malloc trace does)
 */
public record Fragmentation(double meanHeapOverLive, long peakLiveBytes, long heapAtPeakLive, long peakHeapBytes,
                            long liveAtPeakHeap, double meanHeapOverLiveNearPeak) {

    /** Nothing allocated: every measure unknown. */
    public static final Fragmentation NONE = new Fragmentation(Double.NaN, 0, 0, 0, 0);

    /** The four measures of a workload that did not know its peak beforehand. */
    public Fragmentation(double meanHeapOverLive, long peakLiveBytes, long heapAtPeakLive, long peakHeapBytes,
                         long liveAtPeakHeap) {
        this(meanHeapOverLive, peakLiveBytes, heapAtPeakLive, peakHeapBytes, liveAtPeakHeap, Double.NaN);
    }

    /**
     * Measure 1 over the requests at which at least half the peak of live bytes was live, less one; NaN when the
     * workload did not know its peak beforehand.
     */
    public double averagedNearPeak() {
        return meanHeapOverLiveNearPeak - 1;
    }

    /** Measure 1: the heap over the live bytes, averaged over time, less one. */
    public double averagedOverTime() {
        return meanHeapOverLive - 1;
    }

    /** Measure 2: the heap over the live bytes at the point of most live bytes, less one. */
    public double atPeakLive() {
        return ratio(heapAtPeakLive, peakLiveBytes);
    }

    /** Measure 3: the largest heap over the bytes live at that point, less one. */
    public double atPeakHeap() {
        return ratio(peakHeapBytes, liveAtPeakHeap);
    }

    /** Measure 4: the largest heap over the most bytes live at once, less one. */
    public double peakOverPeak() {
        return ratio(peakHeapBytes, peakLiveBytes);
    }

    private static double ratio(long heap, long live) {
        return live == 0 ? Double.NaN : (double) heap / live - 1;
    }
}
