package io.heaplab.traces.malloc.system;

/**
 * A real allocator's replay of a trace, the replayer's own memory, faults and time taken off: the median of its
 * repeats by time, with the spread of the times.
 *
 * @param allocator      the allocator
 * @param profile        the trace's calls and their live bytes
 * @param nanosPerCall   the median repeat's time per call, less the allocator-free run's (reading the calls)
 * @param fastestPerCall the fastest repeat's, likewise
 * @param slowestPerCall the slowest repeat's, likewise
 * @param repeats        processes run
 * @param heapAtSamples  resident anonymous bytes at each sample less the allocator-free run's at the same call:
 *                       the allocator's heap, its metadata included
 * @param finalBytes     the same after the last call, blocks never freed still held
 * @param minorFaults    minor faults during the replay less the allocator-free run's
 * @param failed         calls answered with NULL
 * @param run            the median repeat as measured, for the process-wide figures
 * @param baseline       the allocator-free run
 */
public record NativeMeasures(SystemAllocator allocator, CallsFile.Profile profile, double nanosPerCall,
                             double fastestPerCall, double slowestPerCall, int repeats, long[] heapAtSamples,
                             long finalBytes, long minorFaults, long failed, NativeRun run, NativeRun baseline) {

    /** The largest heap at a sample: the peak resident memory the allocator's blocks and metadata took. */
    public long peakBytes() {
        long peak = 0;
        for (long bytes : heapAtSamples) {
            peak = Math.max(peak, bytes);
        }
        return peak;
    }

    /** The first sample at which the heap was largest. */
    public int peakSample() {
        int at = 0;
        for (int s = 1; s < heapAtSamples.length; s++) {
            if (heapAtSamples[s] > heapAtSamples[at]) {
                at = s;
            }
        }
        return at;
    }
}
