package io.heaplab.reports;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.function.ToDoubleFunction;

/**
 * The runs of one experiment point (workload, allocator, page size) over several seeds: each measure's mean and
 * sample standard deviation, and each single-size policy's faults the same way.
 *
 * @param seeds    the seeds summarized, in run order
 * @param measures the run's own measures, by the name the result file gives them
 * @param faults   faults by policy spec, for the policies that counted one size
 */
public record RunSummary(String workload, String allocator, int pageSize, List<Long> seeds,
                         SequencedMap<String, Summary> measures, SequencedMap<String, Summary> faults) {

    /** The measures summarized, by their result-file name, in the order tables show them. */
    private static final SequencedMap<String, ToDoubleFunction<RunResult>> MEASURES = new LinkedHashMap<>();

    static {
        MEASURES.put("references", RunResult::references);
        MEASURES.put("virtualPages", RunResult::virtualPages);
        MEASURES.put("pagesTouched", RunResult::pagesTouched);
        MEASURES.put("allocations", RunResult::allocations);
        MEASURES.put("frees", RunResult::frees);
        MEASURES.put("rejections", RunResult::rejections);
        MEASURES.put("peakLiveBlocks", RunResult::peakLiveBlocks);
        MEASURES.put("peakFootprint", r -> r.space().peakFootprint());
    }

    /**
     * One summary per experiment point of {@code runs}, in the order each point first appears; only the points run
     * with more than one seed when {@code severalSeedsOnly}.
     */
    public static List<RunSummary> of(List<RunResult> runs, boolean severalSeedsOnly) {
        Map<String, List<RunResult>> points = new LinkedHashMap<>();
        for (RunResult run : runs) {
            points.computeIfAbsent(run.workload() + "\n" + run.allocator() + "\n" + run.pageSize(),
                    k -> new ArrayList<>()).add(run);
        }
        List<RunSummary> summaries = new ArrayList<>();
        for (List<RunResult> point : points.values()) {
            if (!severalSeedsOnly || point.size() > 1) {
                summaries.add(of(point));
            }
        }
        return summaries;
    }

    /** Whether any point of {@code runs} was run with several seeds. */
    public static boolean severalSeeds(List<RunResult> runs) {
        return !of(runs, true).isEmpty();
    }

    private static RunSummary of(List<RunResult> point) {
        RunResult first = point.getFirst();
        SequencedMap<String, Summary> measures = new LinkedHashMap<>();
        MEASURES.forEach((name, measure) -> measures.put(name, Summary.of(point.stream().mapToDouble(measure)
                .toArray())));
        if (point.stream().allMatch(r -> r.space().searches() >= 0)) {
            measures.put("meanSearches", Summary.of(point.stream().mapToDouble(RunResult::meanSearches).toArray()));
        }
        if (point.stream().allMatch(r -> r.requests() > 0)) {
            measures.put("filledShare", Summary.of(point.stream().mapToDouble(RunResult::filledShare)
                    .toArray()));
        }
        SequencedMap<String, Summary> faults = new LinkedHashMap<>();
        first.paging().forEach((policy, outcome) -> {
            if (outcome instanceof PagingOutcome.Faults
                    && point.stream().allMatch(r -> r.paging().get(policy) instanceof PagingOutcome.Faults)) {
                faults.put(policy, Summary.of(point.stream()
                        .mapToDouble(r -> ((PagingOutcome.Faults) r.paging().get(policy)).faults()).toArray()));
            }
        });
        return new RunSummary(first.workload(), first.allocator(), first.pageSize(),
                point.stream().map(RunResult::seed).toList(), measures, faults);
    }
}
