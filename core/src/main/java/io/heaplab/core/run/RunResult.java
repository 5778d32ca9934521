package io.heaplab.core.run;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.SequencedMap;

/**
 * The measures of one run; every field but {@code wallNanos} depends only on the spec and seed.
 *
 * @param workload            the workload spec as given
 * @param allocator           the allocator spec as given
 * @param pageSize            bytes per page
 * @param seed                the seed
 * @param references          virtual time: references paged (the workload's, and the allocator's when counted)
 * @param measuredFrom        the virtual time at which faults began to be counted: 0 unless the workload has a
 *                            warm-up phase
 * @param allocatorReferences references the allocator made to its bookkeeping, whether paged or not
 * @param virtualPages        the heap's high-water mark in pages
 * @param pagesTouched        distinct pages referenced
 * @param firstTouches        pages first referenced in the measured phase: a fault under every policy at every
 *                            size, left out of {@code paging} when {@code accounting} does not count first touches
 * @param allocations         requests the allocator filled
 * @param frees               blocks given back
 * @param rejections          requests that found no room in a bounded heap
 * @param peakLiveBlocks      the most blocks allocated at once
 * @param peakLiveBytes       the most bytes allocated at once
 * @param space               searches, peak footprint and fragmentation
 * @param fragmentation       Johnstone &amp; Wilson's four measures, from the heap's size and the live bytes at
 *                            every request
 * @param timeline            the samples the workload asked for (the course report's tenths of a run), often none
 * @param paging              the outcome of each policy, keyed by its spec, in the order given; {@link
 *                            #curve(String)} and {@link #faults(String)} read one without a cast
 * @param accounting          which faults {@code paging} counts
 * @param diagnostics         what the program did, when the run gathered it; else null
 * @param wallNanos           how long the run took; not deterministic, so reports keep it apart
 */
public record RunResult(
        String workload,
        String allocator,
        int pageSize,
        long seed,
        long references,
        long measuredFrom,
        long allocatorReferences,
        long virtualPages,
        long pagesTouched,
        long firstTouches,
        long allocations,
        long frees,
        long rejections,
        long peakLiveBlocks,
        long peakLiveBytes,
        SpaceMeasures space,
        Fragmentation fragmentation,
        Timeline timeline,
        SequencedMap<String, PagingOutcome> paging,
        Accounting accounting,
        Diagnostics diagnostics,
        long wallNanos) implements PagingResults {

    public RunResult {
        paging = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(paging));
    }

    /** This result with {@code paging} in place of its policies' outcomes (their curves cut for a file, say). */
    public RunResult withPaging(SequencedMap<String, PagingOutcome> paging) {
        return new RunResult(workload, allocator, pageSize, seed, references, measuredFrom, allocatorReferences,
                virtualPages, pagesTouched, firstTouches, allocations, frees, rejections, peakLiveBlocks,
                peakLiveBytes, space, fragmentation, timeline, paging, accounting, diagnostics, wallNanos);
    }

    /**
     * Faults per block allocated in the measured phase, for each policy that counts faults at one memory size,
     * keyed by its spec; empty when the run gathered no diagnostics (which count the measured allocations).
     */
    public SequencedMap<String, Double> faultsPerAllocation() {
        SequencedMap<String, Double> perAllocation = new LinkedHashMap<>();
        if (diagnostics != null && diagnostics.allocations() > 0) {
            paging.forEach((policy, outcome) -> {
                if (outcome instanceof PagingOutcome.Faults f) {
                    perAllocation.put(policy, (double) f.faults() / diagnostics.allocations());
                }
            });
        }
        return perAllocation;
    }

    /** Requests received: filled and rejected. */
    public long requests() {
        return allocations + rejections;
    }

    /**
     * The share of requests filled: requests filled over requests received (1 when nothing was rejected); NaN when
     * nothing was asked. It says nothing of how well the heap is used (see {@link #fragmentation()}); Purdom,
     * Stigler &amp; Cheam's "space utilization" is its inverse.
     */
    public double filledShare() {
        return requests() == 0 ? Double.NaN : (double) allocations / requests();
    }

    /** Purdom's speed: the mean number of list elements searched per request; NaN when not counted. */
    public double meanSearches() {
        return space.meanSearches(requests());
    }
}
