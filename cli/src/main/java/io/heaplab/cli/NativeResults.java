package io.heaplab.cli;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import io.heaplab.traces.malloc.system.CallsFile;
import io.heaplab.traces.malloc.system.NativeMeasures;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.SequencedMap;

/**
 * A real allocator's native replay as a run of {@code malloc replay}, so tables, files and reports put it beside the
 * simulated strategies: the heap is its resident anonymous memory less the replayer's own, sampled over the run
 * (measure 1 and its average near the peak over the samples, not every call), its timeline counted in requests as
 * a replay counts them (a realloc an allocation and a free), and its minor faults stand as the faults of a policy
 * named {@value #MINOR_FAULTS}.
 */
final class NativeResults {

    /** The "policy" whose faults are the process's minor faults: the kernel's first touches of the heap's pages. */
    static final String MINOR_FAULTS = "minor-faults";
    /** What names a native run among the strategies. */
    static final String PREFIX = "native:";

    private NativeResults() {
    }

    /** {@code measures} as the run of {@code workload} under the allocator {@code native:NAME}. */
    static RunResult of(NativeMeasures measures, String workload, int pageSize) {
        CallsFile.Profile profile = measures.profile();
        long[] heap = measures.heapAtSamples();
        long[] live = profile.sampleLive();
        double sum = 0;
        int counted = 0;
        double nearSum = 0;
        int nearCounted = 0;
        long half = (profile.peakLiveBytes() + 1) / 2;
        for (int s = 0; s < heap.length; s++) {
            if (live[s] > 0) {
                sum += (double) heap[s] / live[s];
                counted++;
                if (live[s] >= half) {
                    nearSum += (double) heap[s] / live[s];
                    nearCounted++;
                }
            }
        }
        int peakLive = peakLiveSample(profile);
        int peakHeap = measures.peakSample();
        long peak = measures.peakBytes();
        Fragmentation fragmentation = profile.peakLiveBytes() == 0 ? Fragmentation.NONE
                : new Fragmentation(counted == 0 ? Double.NaN : sum / counted, profile.peakLiveBytes(),
                        peakLive < 0 ? 0 : heap[peakLive], peak, heap.length == 0 ? 0 : live[peakHeap],
                        nearCounted == 0 ? Double.NaN : nearSum / nearCounted);
        long[] unknown = new long[heap.length];
        Arrays.fill(unknown, -1);
        Timeline timeline = new Timeline(profile.sampleRequests().clone(), live.clone(), heap.clone(), unknown,
                unknown.clone(), new long[heap.length]);
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        paging.put(MINOR_FAULTS, new PagingOutcome.Faults(measures.minorFaults()));
        long pages = (peak + pageSize - 1) / pageSize;
        return new RunResult(workload, PREFIX + measures.allocator().name(), pageSize, 0, 0, 0, 0, pages, pages, 0,
                profile.allocations(), profile.frees(), measures.failed(), profile.peakLiveBlocks(),
                profile.peakLiveBytes(), new SpaceMeasures(-1, peak, Double.NaN, Double.NaN), fragmentation, timeline,
                paging, Accounting.WORKLOAD, null, measures.run().loopNanos());
    }

    /** The sample taken at the call of most live bytes, -1 when none was. */
    private static int peakLiveSample(CallsFile.Profile profile) {
        long[] calls = profile.sampleCalls();
        for (int s = 0; s < calls.length; s++) {
            if (calls[s] == profile.peakCall() + 1) {
                return s;
            }
        }
        return -1;
    }
}
